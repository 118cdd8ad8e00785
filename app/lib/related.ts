import { categorySlug } from "./category.ts";
import { remembered } from "./remembered.ts";

/**
 * Which posts a blog's page suggests under it ("Related stories"): up to three published posts,
 * same category first, then the ones sharing the most SEO keywords and title words, the newest
 * first among equals. A post sharing neither a category nor a word is not related, so a page may
 * suggest fewer than three. The caller passes a bounded set of candidates (see the related model).
 */

const RELATED_LIMIT = 3;

export interface RelatedCandidate {
  id: number;
  title: string;
  category: string;
  seoKeywords: string;
  /** When it was published (seconds): the newest wins a tie. */
  publishAt: number;
}

/** Words too common in titles to say two posts are about the same thing. */
const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "from",
  "into",
  "about",
  "after",
  "before",
  "your",
  "our",
  "you",
  "how",
  "what",
  "why",
  "when",
  "where",
  "this",
  "that",
  "best",
  "guide",
  "day",
  "days",
]);

/** Lower case, accents dropped ("Kyōto" is "kyoto"). */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * A title's significant words: three letters or more, not a stop word. Remembered (as are keyword
 * sets): a blog page measures the same few dozen newest posts against its own on every render.
 */
export const titleWords: (title: string) => ReadonlySet<string> = remembered((title) => {
  const words = fold(title).match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)));
}, 2000);

/** SEO keywords (comma separated) as a set of folded phrases. */
export const keywordSet: (keywords: string) => ReadonlySet<string> = remembered(
  (keywords) =>
    new Set(
      keywords
        .split(",")
        .map((k) => fold(k).trim().replace(/\s+/g, " "))
        .filter(Boolean),
    ),
  2000,
);

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/**
 * How related candidates are to a post: whether one has the same category (the category slug rule:
 * "Street Food" and "street-food" are one; a name with no slug matches nothing), and a score
 * of shared terms, a shared keyword counting twice a shared title word (an author chose it).
 * The post's own terms are worked out once, for all the candidates measured against it.
 */
function relatednessTo(post: Pick<RelatedCandidate, "title" | "category" | "seoKeywords">): (
  candidate: Pick<RelatedCandidate, "title" | "category" | "seoKeywords">,
) => {
  sameCategory: boolean;
  score: number;
} {
  const slug = categorySlug(post.category);
  const keywords = keywordSet(post.seoKeywords);
  const words = titleWords(post.title);
  return (candidate) => ({
    sameCategory: slug !== "" && slug === categorySlug(candidate.category),
    score:
      2 * sharedCount(keywords, keywordSet(candidate.seoKeywords)) +
      sharedCount(words, titleWords(candidate.title)),
  });
}

/** How related one candidate is to a post (`relatednessTo`). */
export function relatedness(
  post: Pick<RelatedCandidate, "title" | "category" | "seoKeywords">,
  candidate: Pick<RelatedCandidate, "title" | "category" | "seoKeywords">,
): { sameCategory: boolean; score: number } {
  return relatednessTo(post)(candidate);
}

/**
 * The related posts among `candidates`, best first, at most `limit`: never the post itself, each
 * candidate once, same category first, then by score, then newest (then the higher id).
 */
export function rankRelated<T extends RelatedCandidate>(
  post: Pick<RelatedCandidate, "id" | "title" | "category" | "seoKeywords">,
  candidates: readonly T[],
  limit = RELATED_LIMIT,
): T[] {
  const seen = new Set<number>([post.id]);
  const measure = relatednessTo(post);
  const ranked: { item: T; sameCategory: boolean; score: number }[] = [];
  for (const item of candidates) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const { sameCategory, score } = measure(item);
    if (sameCategory || score > 0) ranked.push({ item, sameCategory, score });
  }
  ranked.sort(
    (a, b) =>
      Number(b.sameCategory) - Number(a.sameCategory) ||
      b.score - a.score ||
      b.item.publishAt - a.item.publishAt ||
      b.item.id - a.item.id,
  );
  return ranked.slice(0, limit).map((r) => r.item);
}

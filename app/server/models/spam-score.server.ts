/**
 * A local spam score for comments and contact messages (decision 023): no outside service, no
 * database and no I/O when called. The caller gathers the signals (the time from the form page's
 * load, the earlier approved comments by this email, the earlier submissions with the same
 * fingerprint) and keeps the honeypot and rate limits in front of it; this module weighs them with
 * what the text itself shows (links and their domains, known spam phrases, a learned word table)
 * and says whether the submission belongs in the Spam tab, with the reasons a moderator sees.
 *
 * Points add up like log-odds: positive is evidence of spam, negative of a real person; a
 * submission is spam at SPAM_THRESHOLD points or more. The word table (spam-tokens.json) is built by
 * `node scripts/train-spam-tokens.ts train <package-dir>` from the corpus's training side (decision
 * 023, tests/fixtures/spam/SOURCES.md); the fixture's test half is never trained on.
 */
import { createHash } from "node:crypto";
import { plural } from "#app/lib/plural.ts";
import learned from "./spam-tokens.json" with { type: "json" };

export interface SpamSignals {
  kind: "comment" | "contact";
  text: string;
  name: string;
  email: string;
  /** ms from the form page's load to the submit; null when unknown (no JS, old form) */
  elapsedMs: number | null;
  /** earlier comments by this email that a moderator approved (at most HISTORY_COUNT_LIMIT) */
  approvedBefore: number;
  /** earlier submissions (last 30 days) whose normalised text is the same (at most HISTORY_COUNT_LIMIT) */
  sameTextBefore: number;
}

export interface SpamVerdict {
  /** the sum of every signal's points, rounded to one decimal */
  score: number;
  /** score >= SPAM_THRESHOLD: the submission goes to the Spam tab instead of Pending */
  spam: boolean;
  /** what moved the score, in words a moderator reads ("link shortener: bit.ly") */
  reasons: string[];
}

/**
 * The learned word table: a logistic regression over which tokens a text holds, so the points are
 * log-odds of spam, the bias plus the weight of each token present (a token absent from the table
 * weighs nothing).
 */
export interface TokenTable {
  bias: number;
  tokens: Record<string, number>;
}

/** At this many points or more a submission is spam (chosen by cross-validation on the training half, decision 023). */
export const SPAM_THRESHOLD = 3.5;

/**
 * The word table's share of the score is bounded: words alone never outweigh everything else, and the
 * vocabulary of 2002 mailing lists clears a text only so far (a shortener or a spam phrase in a short
 * comment, which mail rarely shows, still counts).
 */
const TOKEN_POINTS_MAX = 7;
const TOKEN_POINTS_MIN = -3;

/** Link shorteners: the destination is hidden, which a real commenter rarely needs. */
const SHORTENERS = new Set([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "goo.gl",
  "t.co",
  "ow.ly",
  "is.gd",
  "v.gd",
  "buff.ly",
  "cutt.ly",
  "rebrand.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "t.ly",
  "s.id",
  "adf.ly",
  "shorte.st",
  "bc.vc",
  "clck.ru",
  "soo.gd",
  "tr.im",
  "x.co",
  "lnkd.in",
  "qr.ae",
]);

/**
 * Top-level domains that hold mostly abuse (the cheap or free ones on the Spamhaus and SURBL lists
 * of most abused TLDs). A real site can live there; alone it is a nudge, not a verdict.
 */
const SPAM_TLDS = new Set([
  "xyz",
  "top",
  "click",
  "loan",
  "work",
  "tk",
  "ml",
  "ga",
  "cf",
  "gq",
  "icu",
  "buzz",
  "cyou",
  "rest",
  "bid",
  "win",
  "review",
  "stream",
  "download",
  "racing",
  "date",
  "faith",
  "party",
  "trade",
  "science",
  "accountant",
  "cricket",
  "men",
  "kim",
  "country",
  "su",
  "zip",
  "mov",
]);

/**
 * Phrases that real comments on a travel and food blog almost never hold: drugs, gambling, money,
 * search-engine selling, adult content and the classic mail-order pitch. Matched on whole words,
 * case and accents folded.
 */
const SPAM_PHRASES = [
  "viagra",
  "cialis",
  "levitra",
  "online casino",
  "casino bonus",
  "payday loan",
  "no credit check",
  "cheap pills",
  "online pharmacy",
  "without prescription",
  "weight loss pills",
  "lose weight fast",
  "make money online",
  "make money fast",
  "earn money from home",
  "work from home",
  "work at home",
  "extra income",
  "financial freedom",
  "double your money",
  "investment opportunity",
  "bitcoin investment",
  "crypto investment",
  "binary options",
  "forex signals",
  "seo services",
  "seo expert",
  "backlinks",
  "guest post",
  "first page of google",
  "increase your traffic",
  "increase your sales",
  "rank your website",
  "web traffic",
  "replica watches",
  "adult dating",
  "hot singles",
  "xxx",
  "porn",
  "escort service",
  "click here",
  "click below",
  "buy now",
  "order now",
  "act now",
  "limited time offer",
  "100% free",
  "risk free",
  "money back guarantee",
  "satisfaction guaranteed",
  "special promotion",
  "visit my website",
  "visit my site",
  "visit my blog",
  "check out my website",
  "check out my site",
  "business proposal",
  "dear friend",
  "you have been selected",
  "you have won",
  "claim your prize",
  "wire transfer",
  "next of kin",
  "beneficiary",
  "to be removed",
  "remove from our list",
  "opt out",
  "this is not spam",
];

/** Short praise that comment spam wraps around its link ("Great post, thanks for sharing!"). */
const GENERIC_PRAISE =
  /\b(great|nice|good|awesome|excellent|informative|helpful|useful|amazing) (post|article|blog|site|information|info|content|work|share|write[- ]?up)\b|\bthanks? (you )?for (sharing|the (post|article|info))\b|\bkeep (it up|up the good work)\b/;

/** Words that make a name an advertisement rather than a person. */
const NAME_KEYWORDS =
  /\b(casino|loans|viagra|cialis|crypto|bitcoin|forex|escort|porn|xxx|pharmacy|pills|replica|backlinks?|betting|seo (services|expert|agency|company))\b/;

/** The same trades, as parts of a domain name ("bestloans4u", "casino-bonus", "cheap-pills"). */
const DOMAIN_KEYWORDS =
  /casino|loans|viagra|cialis|pharma|pills|porn|xxx|escort|crypto|forex|replica|backlink|betting|payday|dating/;

/** Case, width and accents folded, so "Ｖiagra" and "VIAGRA" and "viágra" read alike. */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Tags of a whole HTML page or of mail layout (fonts, tables), counted apart from links. */
const HTML_TAG = /<\/?(?:html|body|head|font|table|td|tr|div|span|center|br|p|b|title|meta|style|script)\b/gi;

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+/gi;

/** The host of one address as written in text ("www." dropped, lower case), or null. */
function hostOf(raw: string): string | null {
  const href = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
  try {
    const host = new URL(href).hostname.toLowerCase().replace(/\.$/, "");
    if (!host.includes(".") && !host.startsWith("[")) return null;
    return host.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Every address in a text: http(s)://… and www.… (the forms a browser or a reader follows). */
function links(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map(([raw]) => raw.replace(/[.,;:!?]+$/, ""));
}

/** The distinct domains a text links to, in order of first appearance ("www." dropped). */
export function linkDomains(text: string): string[] {
  const domains = new Set<string>();
  for (const raw of links(text)) {
    const host = hostOf(raw);
    if (host) domains.add(host);
  }
  return [...domains];
}

/**
 * The normalised text's fingerprint for the caller's "repeated text" lookup: folded, only letters
 * and digits kept, whitespace collapsed, hashed (SHA-256, 32 hex digits). Two submissions that differ
 * only in case, accents, punctuation or spacing share it.
 */
export function textFingerprint(text: string): string {
  return createHash("sha256").update(normalised(text)).digest("hex").slice(0, 32);
}

function normalised(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The tokens the word table knows a text by, each once: folded words of 2 to 24 letters; shouted
 * words as written ("C:FREE"); the words of link addresses ("u:remove") and the top-level domain of
 * email addresses ("e:com"); and a few marks of shape: a sum of money ("$money"), a percentage
 * ("_pct"), how many links ("_links:0" to "_links:3") and whether to three domains or more
 * ("_domains:3"), the share of capitals ("_up:0" to "_up:3") and how many exclamation marks ("_ex:0"
 * to "_ex:3"). Not the length: mail runs longer than comments, so what the corpus teaches about
 * length would not hold here.
 */
export function spamTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  const prose = text.replace(URL_PATTERN, " ");
  const found = links(text);
  for (const [word] of fold(prose).matchAll(/\p{L}+(?:['’]\p{L}+)?/gu)) {
    if (word.length >= 2 && word.length <= 24) tokens.add(word.replace("’", "'"));
  }
  // Text that lost its character set (U+FFFD, or UTF-8 read as GBK: "锟斤拷"): no form sends that.
  if (/\uFFFD|锟斤拷/.test(text)) tokens.add("_garbled");
  const tags = (text.match(HTML_TAG) ?? []).length;
  if (tags > 0) tokens.add(`_tags:${bucket(tags, [3, 10])}`);
  for (const [word] of prose.matchAll(/\p{Lu}[\p{Lu}\p{N}]+/gu)) {
    if (word.length <= 24) tokens.add(`C:${word}`);
  }
  for (const link of found) {
    for (const [word] of fold(link.replace(/^https?:\/\/(www\.)?/i, "")).matchAll(/\p{L}{3,20}/gu)) {
      tokens.add(`u:${word}`);
    }
  }
  for (const [, domain = ""] of fold(prose).matchAll(/[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)) {
    tokens.add(`e:${domain.split(".").pop()}`);
  }
  tokens.add(`_links:${bucket(found.length, [1, 2, 4])}`);
  if (linkDomains(text).length >= 3) tokens.add("_domains:3");
  if (/[$€£]\s?\d/.test(prose)) tokens.add("$money");
  if (/\d\s?%/.test(prose)) tokens.add("_pct");
  const letters = (prose.match(/\p{L}/gu) ?? []).length;
  const capitals = (prose.match(/\p{Lu}/gu) ?? []).length;
  tokens.add(`_up:${bucket(capitals / Math.max(1, letters), [0.05, 0.15, 0.3])}`);
  tokens.add(`_ex:${bucket((prose.match(/!/g) ?? []).length, [1, 3, 8])}`);
  return tokens;
}

/** Which of the bounds' intervals a value falls in: 0 below the first, bounds.length at or above the last. */
function bucket(value: number, bounds: number[]): number {
  const index = bounds.findIndex((bound) => value < bound);
  return index === -1 ? bounds.length : index;
}

interface Points {
  points: number;
  reason: string;
}

function timeSignal(elapsedMs: number | null, textLength: number): Points | null {
  if (elapsedMs === null) return null;
  const seconds = Math.max(0, elapsedMs) / 1000;
  const shown = `${Math.floor(seconds)} s`;
  // No one reads a post and writes a comment in under 3 s: enough on its own, unless the words or an
  // earlier approved comment speak for a person.
  if (seconds < 3) return { points: 7, reason: `sent ${shown} after the page loaded` };
  if (seconds < 8) return { points: 2, reason: `sent ${shown} after the page loaded` };
  // Faster than anyone types (about 10 characters a second at most): pasted, or a program.
  if (textLength / seconds > 25 && textLength >= 300) {
    return { points: 1, reason: `${textLength} characters written in ${shown}` };
  }
  return null;
}

function linkSignals(s: SpamSignals): Points[] {
  const domains = linkDomains(s.text);
  const out: Points[] = [];
  const shortener = domains.find((d) => SHORTENERS.has(d));
  if (shortener) out.push({ points: 2.5, reason: `link shortener: ${shortener}` });
  const ip = domains.find((d) => /^\d{1,3}(\.\d{1,3}){3}$/.test(d) || d.startsWith("["));
  if (ip) out.push({ points: 2.5, reason: `link to a raw IP address: ${ip}` });
  const tld = domains.map((d) => d.split(".").pop() ?? "").find((t) => SPAM_TLDS.has(t));
  if (tld) out.push({ points: 2, reason: `link to a domain under .${tld}` });
  const trade = domains.find((d) => DOMAIN_KEYWORDS.test(d));
  if (trade) out.push({ points: 2, reason: `link to a domain named for a trade of spam: ${trade}` });
  if (/<a\s[^>]*href\s*=|\[url[=\]]/i.test(s.text))
    out.push({ points: 2, reason: "link markup in a plain-text form" });
  if (
    s.kind === "comment" &&
    domains.length > 0 &&
    s.text.length < 300 &&
    GENERIC_PRAISE.test(fold(s.text))
  ) {
    out.push({ points: 2.5, reason: "generic praise around a link" });
  }
  return out;
}

function phraseSignal(text: string): Points | null {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}%]+/gu, " ")} `;
  const hits = SPAM_PHRASES.filter((p) => folded.includes(` ${p} `));
  if (hits.length === 0) return null;
  return {
    points: Math.min(3, hits.length) * 2.5,
    reason: `known spam ${hits.length === 1 ? "phrase" : "phrases"}: ${hits.slice(0, 3).join(", ")}`,
  };
}

function senderSignals(s: SpamSignals): Points[] {
  const out: Points[] = [];
  if (/https?:\/\/|www\./i.test(s.name)) out.push({ points: 3, reason: "a link in the name" });
  else if (NAME_KEYWORDS.test(fold(s.name)))
    out.push({ points: 2.5, reason: `name reads like an ad: ${s.name}` });
  const emailTld = s.email.toLowerCase().split(".").pop() ?? "";
  if (s.email.includes("@") && SPAM_TLDS.has(emailTld)) {
    out.push({ points: 1, reason: `email under .${emailTld}` });
  }
  if (s.approvedBefore > 0) {
    out.push({
      points: -Math.min(6, 2 + s.approvedBefore * 2),
      reason: `${counted(s.approvedBefore, "earlier comment")} approved`,
    });
  }
  return out;
}

/**
 * The history's counts stop at this many (the model reads no further, so a flood of one text from
 * one address costs each new submission the same); the points were settled long before it.
 */
export const HISTORY_COUNT_LIMIT = 100;

/** "3 times", or "100 or more times" for a count the model stopped at. */
const counted = (n: number, one: string) =>
  n >= HISTORY_COUNT_LIMIT ? `${HISTORY_COUNT_LIMIT} or more ${one}s` : plural(n, one);

function repeatSignal(s: SpamSignals): Points | null {
  // "Thanks!" from two readers is not a campaign: only a text of some length counts as repeated.
  if (s.sameTextBefore <= 0 || normalised(s.text).length < 30) return null;
  return {
    points: s.sameTextBefore === 1 ? 2.5 : 4,
    reason: `same text sent ${counted(s.sameTextBefore, "time")} before`,
  };
}

/** A token as a moderator reads it: "FREE", "remove (in a link)"; the marks of shape are not shown. */
function shown(token: string, text: string): string | null {
  if ((token.startsWith("_links:") && token !== "_links:0") || token.startsWith("_domains:")) {
    return `${plural(links(text).length, "link")} to ${plural(linkDomains(text).length, "domain")}`;
  }
  if (token.startsWith("C:")) return token.slice(2);
  if (token.startsWith("u:")) return `${token.slice(2)} (in a link)`;
  if (token.startsWith("e:")) return `.${token.slice(2)} (in an email address)`;
  return /^[_$]/.test(token) ? null : token;
}

/** The word table's evidence: the bias and every known token's weight, summed and bounded. */
function tokenSignal(text: string, table: TokenTable): Points {
  const weighed: [string, number][] = [];
  for (const token of spamTokens(text)) {
    const weight = table.tokens[token];
    if (weight !== undefined) weighed.push([token, weight]);
  }
  const sum = weighed.reduce((total, [, weight]) => total + weight, table.bias);
  const points = Math.max(TOKEN_POINTS_MIN, Math.min(TOKEN_POINTS_MAX, sum));
  const words = weighed
    .filter(([, weight]) => Math.sign(weight) === Math.sign(points))
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .map(([token]) => shown(token, text))
    .filter((word, i, all) => word !== null && all.indexOf(word) === i)
    .slice(0, 4);
  const side = points > 0 ? "words typical of spam" : "words typical of real messages";
  // A weak lean either way is not worth a moderator's reading, but still counts.
  return { points, reason: Math.abs(points) >= 1 && words.length > 0 ? `${side}: ${words.join(", ")}` : "" };
}

/** A scorer over a given word table (the training script measures candidate tables with it). */
export function createSpamScorer(table: TokenTable): (s: SpamSignals) => SpamVerdict {
  return (s) => {
    const signals = [
      timeSignal(s.elapsedMs, s.text.length),
      ...linkSignals(s),
      phraseSignal(s.text),
      repeatSignal(s),
      ...senderSignals(s),
      tokenSignal(s.text, table),
    ].filter((p): p is Points => p !== null);
    const score = Math.round(signals.reduce((total, p) => total + p.points, 0) * 10) / 10;
    const reasons = signals.map((p) => p.reason).filter((reason) => reason !== "");
    return { score, spam: score >= SPAM_THRESHOLD, reasons };
  };
}

/** The score of one submission, with the word table built from the training half of the corpus. */
export const scoreSpam: (s: SpamSignals) => SpamVerdict = createSpamScorer(learned);

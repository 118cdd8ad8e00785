import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HISTORY_COUNT_LIMIT,
  linkDomains,
  SPAM_THRESHOLD,
  type SpamSignals,
  scoreSpam,
  spamTokens,
  textFingerprint,
} from "./spam-score.server.ts";

/** A reader who took a minute over an ordinary comment: no signal either way but the text's own. */
const plain: SpamSignals = {
  kind: "comment",
  text: "We took the early ferry to Naxos on your advice and it was worth it.",
  name: "Maria Lopes",
  email: "maria@example.org",
  elapsedMs: 60_000,
  approvedBefore: 0,
  sameTextBefore: 0,
};

const score = (change: Partial<SpamSignals>) => scoreSpam({ ...plain, ...change });

describe("linkDomains and textFingerprint", () => {
  it("lists each linked domain once, in order, without www. and trailing punctuation", () => {
    expect(
      linkDomains(
        "See https://www.Example.com/a?b=1, then http://blog.example.org. Also www.example.com/c and https://example.com!",
      ),
    ).toEqual(["example.com", "blog.example.org"]);
    expect(linkDomains('<a href="http://192.0.2.7/x">x</a> and [url=https://bit.ly/abc]y[/url]')).toEqual([
      "192.0.2.7",
      "bit.ly",
    ]);
    expect(linkDomains("no links here, not even example.com")).toEqual([]);
  });

  it("gives texts that differ only in case, accents, punctuation and spacing one fingerprint", () => {
    const print = textFingerprint("Café au lait, s'il vous plaît!");
    expect(print).toMatch(/^[0-9a-f]{32}$/);
    expect(textFingerprint("  CAFE au   lait s il vous plait ")).toBe(print);
    expect(textFingerprint("Café au lait, s'il vous plaît?!")).toBe(print);
    expect(textFingerprint("Café au lait, s'il te plaît!")).not.toBe(print);
  });
});

describe("spamTokens", () => {
  it("folds words, keeps shouted ones as written and reads links and email addresses apart", () => {
    const tokens = spamTokens(
      "FREE Crème brûlée!!! Write to deals@shop.biz or see https://www.shop.biz/remove-me",
    );
    // "me" is too short a word of a link to count; "biz" is a word of the email address's domain.
    expect([...tokens].sort()).toEqual([
      "C:FREE",
      "_ex:2",
      "_links:1",
      "_up:2",
      "biz",
      "brulee",
      "creme",
      "deals",
      "e:biz",
      "free",
      "or",
      "see",
      "shop",
      "to",
      "u:biz",
      "u:remove",
      "u:shop",
      "write",
    ]);
    expect(spamTokens("save $20 and 10% today")).toEqual(
      new Set(["save", "and", "today", "$money", "_pct", "_links:0", "_up:0", "_ex:0"]),
    );
  });
});

describe("scoreSpam: each signal", () => {
  it("leaves an ordinary comment well under the threshold, with nothing to explain", () => {
    const verdict = score({});
    expect(verdict.spam).toBe(false);
    expect(verdict.score).toBeLessThan(0);
  });

  it("counts a submit seconds after the page loaded, more the faster, and ignores an unknown time", () => {
    const base = score({ elapsedMs: null }).score;
    expect(score({ elapsedMs: 1_400 }).score).toBeCloseTo(base + 7);
    expect(score({ elapsedMs: 1_400 })).toMatchObject({
      spam: true,
      reasons: expect.arrayContaining(["sent 1 s after the page loaded"]),
    });
    expect(score({ elapsedMs: -5 }).reasons).toContain("sent 0 s after the page loaded");
    expect(score({ elapsedMs: 5_000 }).score).toBeCloseTo(base + 2);
    expect(score({ elapsedMs: 60_000 }).score).toBe(base);
    const pasted = `${"The walk from the harbour to the old town takes an hour. ".repeat(8)}`;
    expect(scoreSpam({ ...plain, text: pasted, elapsedMs: 10_000 }).reasons).toContain(
      `${pasted.length} characters written in 10 s`,
    );
    expect(scoreSpam({ ...plain, text: pasted, elapsedMs: 120_000 }).reasons).not.toContain(
      `${pasted.length} characters written in 120 s`,
    );
  });

  it("flags shorteners, raw IP addresses, abused TLDs, domains named for a trade and link markup", () => {
    const text = (link: string) => `We found the schedule here: ${link} (see the second table).`;
    const base = score({ text: text("https://ferries.example.com/timetable") }).score;
    expect(score({ text: text("https://bit.ly/3xYz") }).reasons).toContain("link shortener: bit.ly");
    expect(score({ text: text("http://198.51.100.23/timetable") }).reasons).toContain(
      "link to a raw IP address: 198.51.100.23",
    );
    expect(score({ text: text("https://ferry-times.xyz/") }).reasons).toContain(
      "link to a domain under .xyz",
    );
    expect(score({ text: text("https://cheap-pills.example/") }).reasons).toContain(
      "link to a domain named for a trade of spam: cheap-pills.example",
    );
    expect(score({ text: text('<a href="https://ferries.example.com/">ferries</a>') }).reasons).toContain(
      "link markup in a plain-text form",
    );
    expect(score({ text: text("[url=https://ferries.example.com/]ferries[/url]") }).reasons).toContain(
      "link markup in a plain-text form",
    );
    // Each is a nudge (2 to 2.5 points, the link's words weigh a little too), not a verdict on its own.
    for (const link of [
      "https://bit.ly/3xYz",
      "http://198.51.100.23/timetable",
      "https://ferry-times.xyz/",
    ]) {
      const verdict = score({ text: text(link) });
      expect(verdict.score).toBeGreaterThan(base + 1);
      expect(verdict.spam).toBe(false);
    }
  });

  it("reads generic praise around a link as comment spam, but not in a contact message or without a link", () => {
    const text = "Great post, thanks for sharing! https://www.example.net/";
    expect(score({ text }).reasons).toContain("generic praise around a link");
    expect(score({ text, kind: "contact" }).reasons).not.toContain("generic praise around a link");
    expect(score({ text: "Great post, thanks for sharing!" }).reasons).not.toContain(
      "generic praise around a link",
    );
  });

  it("names the known spam phrases it finds, whole words only, case and accents folded", () => {
    const verdict = score({ text: "Buy VIAGRA and Cíalis without prescription, click HERE." });
    expect(verdict.reasons).toContain("known spam phrases: viagra, cialis, without prescription");
    expect(verdict.spam).toBe(true);
    expect(score({ text: "The porcini risotto was rich; the xxx-large portion less so." }).reasons).toContain(
      "known spam phrase: xxx",
    );
    expect(score({ text: "Pornography museum? No: the Porto wine museum." }).reasons.join()).not.toMatch(
      /phrase/,
    );
  });
});

describe("scoreSpam: each signal, from what came before and what was learned", () => {
  it("counts the same text sent before, more when sent often, but never a short one", () => {
    const text = "Wonderful article about the Amalfi coast, I will share it with all my friends.";
    const base = score({ text }).score;
    const once = score({ text, sameTextBefore: 1 });
    expect(once.score).toBeCloseTo(base + 2.5);
    expect(once.reasons).toContain("same text sent 1 time before");
    expect(score({ text, sameTextBefore: 6 }).score).toBeCloseTo(base + 4);
    expect(score({ text: "Thanks!", sameTextBefore: 9 }).reasons.join()).not.toMatch(/same text/);
  });

  it("takes earlier approved comments as strong evidence of a real person", () => {
    const fast = { elapsedMs: 2_000 };
    expect(score(fast).spam).toBe(true);
    const known = score({ ...fast, approvedBefore: 1 });
    expect(known.score).toBeCloseTo(score(fast).score - 4);
    expect(known.spam).toBe(false);
    expect(known.reasons).toContain("1 earlier comment approved");
    expect(score({ approvedBefore: 3 }).score).toBeCloseTo(score({}).score - 6);
    expect(score({ approvedBefore: 30 }).score).toBeCloseTo(score({}).score - 6);
  });

  it("says a count the model stopped reading at is that many or more", () => {
    const text = "Wonderful article about the Amalfi coast, I will share it with all my friends.";
    const flood = score({ text, sameTextBefore: HISTORY_COUNT_LIMIT, approvedBefore: HISTORY_COUNT_LIMIT });
    expect(flood.reasons).toContain(`same text sent ${HISTORY_COUNT_LIMIT} or more times before`);
    expect(flood.reasons).toContain(`${HISTORY_COUNT_LIMIT} or more earlier comments approved`);
    expect(score({ text, sameTextBefore: HISTORY_COUNT_LIMIT - 1 }).reasons).toContain(
      `same text sent ${HISTORY_COUNT_LIMIT - 1} times before`,
    );
  });

  it("flags a name holding a link or an advertisement, and an email under an abused TLD", () => {
    const base = score({}).score;
    expect(score({ name: "http://best-hotels.example" }).score).toBeCloseTo(base + 3);
    expect(score({ name: "http://best-hotels.example" })).toMatchObject({
      reasons: expect.arrayContaining(["a link in the name"]),
    });
    expect(score({ name: "Cheap Loans Today" }).reasons).toContain(
      "name reads like an ad: Cheap Loans Today",
    );
    expect(score({ name: "Betty Loan-Smith" }).reasons).toEqual(score({}).reasons);
    expect(score({ name: "Seo-yeon Park" }).reasons).toEqual(score({}).reasons);
    expect(score({ email: "x@promo.top" }).score).toBeCloseTo(base + 1);
  });

  it("weighs words learned from the corpus and says which, bounded either way", () => {
    const pitch =
      "CLAIM YOUR FREE BONUS NOW!!! Guaranteed income, order today, limited offer, 100% satisfaction";
    const verdict = score({ text: pitch });
    expect(verdict.reasons[0]).toMatch(/^words typical of spam: .*\b(claim|guaranteed|bonus)\b/);
    expect(verdict.score).toBeGreaterThan(2);
    // However ordinary the words, a text cannot earn more than 3 points of innocence from them.
    const ordinary =
      "Thanks, we tried the recipe last night and it was lovely. I think the trip was worth it.";
    const calm = score({ text: ordinary, elapsedMs: null });
    expect(calm.score).toBe(-3);
    expect(calm.reasons[0]).toMatch(/^words typical of real messages: .*\b(thanks|recipe|trip|tried)\b/);
    expect(score({ text: ordinary, elapsedMs: 1_000 })).toMatchObject({ score: 4, spam: true });
  });

  it("puts typical comment and contact spam over the threshold, with its reasons", () => {
    expect(
      score({ text: "Nice article! Visit my website http://bit.ly/2kQ9 for cheap replica watches" }),
    ).toMatchObject({
      spam: true,
      reasons: expect.arrayContaining(["link shortener: bit.ly", "generic praise around a link"]),
    });
    expect(
      score({
        kind: "contact",
        text: "Hello, we offer SEO services to get your website on the first page of Google and increase your traffic.",
      }),
    ).toMatchObject({
      spam: true,
      reasons: expect.arrayContaining([
        "known spam phrases: seo services, first page of google, increase your traffic",
      ]),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The measurement on the labelled corpus (tests/fixtures/spam/SOURCES.md, decision 023)

interface Item {
  label: "spam" | "ham";
  source: string;
  id: string;
  text: string;
  name?: string;
  email?: string;
}

const FIXTURES = join(import.meta.dirname, "../../../tests/fixtures/spam");

function readJsonl(file: string): Item[] {
  return readFileSync(join(FIXTURES, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Item);
}

/** What the corpus can tell: the text (and the name and email where it has them), nothing else. */
const fromText = (item: Item): SpamSignals => ({
  kind: "comment",
  text: item.text,
  name: item.name ?? "",
  email: item.email ?? "",
  elapsedMs: null,
  approvedBefore: 0,
  sameTextBefore: 0,
});

describe("the labelled corpus", () => {
  const train = readJsonl("train.jsonl");
  const test = readJsonl("test.jsonl");
  const wordpress = test.filter((item) => item.source === "wordpress-theme-unit-test");
  const corpus = test.filter((item) => item.source.startsWith("spamassassin/"));

  it("keeps the halves apart and the data small", () => {
    const trained = new Set(train.map((item) => textFingerprint(item.text)));
    expect(test.filter((item) => trained.has(textFingerprint(item.text)))).toEqual([]);
    expect(train.some((item) => item.source === "wordpress-theme-unit-test")).toBe(false);
    expect(corpus.length).toBeGreaterThan(1000);
    expect(wordpress.length).toBe(28);
    const table = statSync(join(import.meta.dirname, "spam-tokens.json")).size;
    expect(table).toBeLessThanOrEqual(200 * 1024);
  });

  it("catches the spam of the test half and spares its real mail (precision, recall printed)", () => {
    const rows = corpus.map((item) => ({ item, spam: scoreSpam(fromText(item)).spam }));
    const count = (label: Item["label"], spam: boolean, group?: string) =>
      rows.filter(
        (r) => r.item.label === label && r.spam === spam && (!group || r.item.source.includes(group)),
      ).length;
    const caught = count("spam", true);
    const missed = count("spam", false);
    const wrong = count("ham", true);
    const spared = count("ham", false);
    const recall = caught / (caught + missed);
    const precision = caught / (caught + wrong);
    const hamMarked = wrong / (wrong + spared);
    const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
    const line = (name: string, spam: boolean, label: Item["label"], group: string) => {
      const hit = count(label, spam, group);
      const all = hit + count(label, !spam, group);
      return { set: name, items: all, "marked spam": count(label, true, group), share: percent(hit / all) };
    };
    console.log(`Spam score on the test half (threshold ${SPAM_THRESHOLD}, text only):`);
    console.table([
      line("spam (recall)", true, "spam", "spam-"),
      line("  spam-1", true, "spam", "spam-1"),
      line("  spam-2", true, "spam", "spam-2"),
      line("ham (marked spam)", true, "ham", "ham-"),
      line("  easy ham", true, "ham", "easy-ham"),
      line("  hard ham", true, "ham", "hard-ham"),
    ]);
    console.log(
      `precision ${percent(precision)}, recall ${percent(recall)}, ham marked spam ${percent(hamMarked)} (${wrong} of ${wrong + spared})`,
    );
    console.log("targets of issue 23: recall >= 95 %, ham marked spam <= 1 %");
    // Neither target of issue 23 holds on the test half (decision 023): the threshold was chosen by
    // cross-validation on the training pool (92.2 % caught, 0.72 % of ham marked), and the test half
    // measured recall 92.5 % with 1.3 % of ham marked spam (10 of 764, 7 of them hard ham). These
    // bounds sit just past what was measured, to catch a table or a rule that makes it worse.
    expect(hamMarked).toBeLessThanOrEqual(0.014);
    expect(precision).toBeGreaterThanOrEqual(0.98);
    expect(recall).toBeGreaterThanOrEqual(0.92);
  });

  it("marks none of the WordPress theme unit test's comments spam", () => {
    const marked = wordpress
      .map((item) => ({ id: item.id, ...scoreSpam(fromText(item)) }))
      .filter((verdict) => verdict.spam);
    expect(marked).toEqual([]);
  });
});

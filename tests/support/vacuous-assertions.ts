/**
 * Finds assertions that pass on an empty collection (docs/testing.md: "`every` over a list that may
 * be empty" is a test that cannot fail): `expect(xs.every(p)).toBe(true)` holds for `[]`, and so
 * does `expect(xs.some(p)).toBe(false)`. Such an assertion is flagged unless, earlier in the same
 * test, the same collection was asserted non-empty: `expect(xs).toHaveLength(n)` with n > 0,
 * `expect(xs.length).toBe(n)` / `.toBeGreaterThan(…)`, `expect(xs).not.toHaveLength(0)` or
 * `expect(xs).not.toEqual([])`.
 *
 * `expect(xs.some(p)).toBe(true)` and `expect(xs.every(p)).toBe(false)` are never flagged: they
 * fail on an empty collection. Nor is `every` or `some` used anywhere but as an asserted value (a
 * filter, a loop's condition, a helper).
 *
 * A plain text scan, not a parser: parentheses are matched outside string and template literals,
 * which is enough for test code. The test that runs it is tests/integration/cache/test-assertions.test.ts.
 */

export interface VacuousAssertion {
  /** 1-based line of the `expect(`. */
  line: number;
  /** The collection, as written (whitespace collapsed). */
  collection: string;
  method: "every" | "some";
  /** The assertion as written, from `expect(` to the matcher's closing parenthesis. */
  text: string;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Index just past the bracket matching the one at `open` (or -1), skipping strings and comments. */
function closing(source: string, open: number): number {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const stack: string[] = [];
  for (let i = open; i < source.length; i++) {
    const c = source[i] ?? "";
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) return -1;
      continue;
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ")" || c === "]" || c === "}") {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * `xs.every(…)` → ["xs", "every"] when the whole argument is one call of `every` or `some` on a
 * collection; null otherwise.
 */
function collectionCall(argument: string): [string, "every" | "some"] | null {
  const pattern = /\.(every|some)\(/g;
  for (let match = pattern.exec(argument); match; match = pattern.exec(argument)) {
    const open = match.index + match[0].length - 1;
    if (closing(argument, open) === argument.length) {
      const collection = argument.slice(0, match.index);
      // The collection must itself be one expression: its brackets all closed.
      return [squash(collection), match[1] as "every" | "some"];
    }
  }
  return null;
}

/** What the matcher after `expect(…)` asserts the value is: true, false, or neither (null). */
function assertedTruth(matcher: string): boolean | null {
  const m =
    /^\s*\.\s*(not\s*\.\s*)?(toBe|toEqual|toStrictEqual|toBeTruthy|toBeFalsy)\(\s*(true|false)?\s*,?\s*\)/.exec(
      matcher,
    );
  if (!m) return null;
  const [, not, name, literal] = m;
  let value: boolean | null = null;
  if (name === "toBeTruthy") value = true;
  else if (name === "toBeFalsy") value = false;
  else if (literal) value = literal === "true";
  if (value === null) return null;
  return not ? !value : value;
}

/** Whether `before` (the test's text before the assertion) asserts `collection` non-empty. */
function assertedNonEmpty(before: string, collection: string): boolean {
  const text = squash(before);
  const escaped = collection.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const forms = [
    new RegExp(
      `expect\\(\\s*${escaped}\\s*\\)\\s*\\.\\s*toHaveLength\\(\\s*([1-9][\\d_]*|[A-Za-z_$][\\w$.]*)\\s*\\)`,
    ),
    new RegExp(
      `expect\\(\\s*${escaped}\\s*\\.\\s*length\\s*\\)\\s*\\.\\s*(toBe|toEqual)\\(\\s*([1-9][\\d_]*|[A-Za-z_$][\\w$.]*)\\s*\\)`,
    ),
    new RegExp(`expect\\(\\s*${escaped}\\s*\\.\\s*length\\s*\\)\\s*\\.\\s*toBeGreaterThan\\(`),
    new RegExp(
      `expect\\(\\s*${escaped}\\s*\\.\\s*length\\s*\\)\\s*\\.\\s*toBeGreaterThanOrEqual\\(\\s*[1-9]`,
    ),
    new RegExp(`expect\\(\\s*${escaped}\\s*\\)\\s*\\.\\s*not\\s*\\.\\s*toHaveLength\\(\\s*0\\s*\\)`),
    new RegExp(
      `expect\\(\\s*${escaped}\\s*\\)\\s*\\.\\s*not\\s*\\.\\s*(toEqual|toStrictEqual)\\(\\s*\\[\\s*\\]\\s*\\)`,
    ),
  ];
  return forms.some((form) => form.test(text));
}

/** Where the test around `index` starts: its `it(` or `test(` call, else the start of the file. */
function testStart(source: string, index: number): number {
  const before = source.slice(0, index);
  const starts = [...before.matchAll(/\b(?:it|test)(?:\.\w+)?\(/g)];
  return starts.at(-1)?.index ?? 0;
}

export function findVacuousAssertions(source: string): VacuousAssertion[] {
  const found: VacuousAssertion[] = [];
  const pattern = /\bexpect\(/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const open = match.index + match[0].length - 1;
    const end = closing(source, open);
    if (end < 0) continue;
    const call = collectionCall(
      source
        .slice(open + 1, end - 1)
        .trim()
        .replace(/,$/, "")
        .trim(),
    );
    if (!call) continue;
    const [collection, method] = call;
    const truth = assertedTruth(source.slice(end));
    // every → true and some → false are what an empty collection gives.
    if (truth === null || truth !== (method === "every")) continue;
    if (assertedNonEmpty(source.slice(testStart(source, match.index), match.index), collection)) continue;
    const matcherEnd = closing(source, source.indexOf("(", end + 1));
    found.push({
      line: source.slice(0, match.index).split("\n").length,
      collection,
      method,
      text: squash(source.slice(match.index, matcherEnd < 0 ? end : matcherEnd)),
    });
  }
  return found;
}

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDir } from "#tests/support/hooks.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";
import {
  type ImportEvent,
  type ImportedPage,
  type ImportedPost,
  type ImportedRecipe,
  ImportFileError,
  type SkippedItem,
} from "../items.server.ts";
import { looksLikeWxr, readWxr, wxrVersionOf } from "./wxr-reader.server.ts";

const FIXTURES = join(import.meta.dirname, "../../../../../tests/fixtures/import/wordpress");
const fixture = (name: string) => join(FIXTURES, name);

async function readAll(file: string): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const event of readWxr(file)) events.push(event);
  return events;
}

async function refusal(file: string): Promise<ImportFileError> {
  try {
    await readAll(file);
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error(`${file} was not refused`);
}

const posts = (events: ImportEvent[]) => events.filter((e): e is ImportedPost => e.type === "post");
const pages = (events: ImportEvent[]) => events.filter((e): e is ImportedPage => e.type === "page");
const recipes = (events: ImportEvent[]) => events.filter((e): e is ImportedRecipe => e.type === "recipe");
const skipped = (events: ImportEvent[]) => events.filter((e): e is SkippedItem => e.type === "skipped");
const byId = <T extends { sourceId: string }>(list: T[], id: string) =>
  list.find((x) => x.sourceId === id) as T;

describe("readWxr on WordPress's theme unit test export", () => {
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await readAll(fixture("themeunittestdata.wordpress.xml"));
  });

  it("yields the site first, from base_blog_url (https namespace of WXR 1.2)", () => {
    expect(events[0]).toEqual({
      type: "site",
      system: "wordpress",
      url: "https://wpthemetestdata.wordpress.com",
      title: "Theme Unit Test Data",
    });
  });

  it("maps every post and page by state and skips menus", () => {
    const states = posts(events).map((p) => p.state);
    expect(states.filter((s) => s === "published")).toHaveLength(55);
    expect(states.filter((s) => s === "scheduled")).toHaveLength(1);
    expect(states.filter((s) => s === "draft")).toHaveLength(2);
    expect(events.filter((e) => e.type === "attachment")).toHaveLength(37);
    expect(pages(events)).toHaveLength(21);
    const kinds = skipped(events).map((s) => s.kind);
    expect(kinds).not.toContain("page");
    expect(kinds.filter((k) => k === "nav_menu_item")).toHaveLength(70);
  });

  it("reads a child page with its parent and its old address", () => {
    expect(byId(pages(events), "172")).toMatchObject({
      title: "Level 3",
      slug: "level-3",
      state: "published",
      parentSourceId: "173",
      oldPaths: ["/level-1/level-2/level-3/"],
    });
    expect(byId(pages(events), "174")).toMatchObject({ title: "Level 1", parentSourceId: null });
  });

  it("keeps the posts' 24 comments (approved and pending), skips their 4 pings and the pages' comments", () => {
    const comments = posts(events).flatMap((p) => p.comments);
    expect(comments).toHaveLength(24);
    expect(comments.filter((c) => !c.approved)).toHaveLength(1);
    const reasons = skipped(events)
      .filter((s) => s.kind === "comment")
      .map((s) => s.reason);
    expect(
      reasons.filter((r) => r !== "comments on pages are not imported: pages take no comments").sort(),
    ).toEqual([
      "pingbacks are not imported",
      "pingbacks are not imported",
      "trackbacks are not imported",
      "trackbacks are not imported",
    ]);
  });

  it("draft-maps a password-protected post and says why", () => {
    const locked = posts(events).filter((p) => p.draftReason === "it was password-protected on the old site");
    expect(locked).toHaveLength(1);
  });
});

describe("readWxr on WordPress importer test files", () => {
  it("reads WXR 1.0 (old namespace, no authors list)", async () => {
    const events = await readAll(fixture("valid-wxr-1.0.xml"));
    expect(events[0]).toMatchObject({ type: "site", url: "http://localhost" });
    expect(posts(events)).toHaveLength(3);
    expect(pages(events)).toHaveLength(3);
  });

  it("reads WXR 1.1 with its author's display name and email", async () => {
    const events = await readAll(fixture("valid-wxr-1.1.xml"));
    expect(events[1]).toEqual({
      type: "author",
      sourceId: "john",
      email: "johndoe@example.org",
      name: "John Doe",
    });
    expect(byId(posts(events), "1")).toMatchObject({
      title: "Hello world!",
      authorName: "John Doe",
      category: "alpha",
      date: "2010-10-16",
    });
  });

  it("reassembles CDATA split around ]]>", async () => {
    const [post] = posts(await readAll(fixture("crazy-cdata-escaped.xml")));
    expect(post?.content).toBe("Content with nested <![CDATA[ tags ]]> :)");
  });

  it("keeps backslashes and quotes as written", async () => {
    const [post] = posts(await readAll(fixture("slashes.xml")));
    expect(post?.content).toContain("\\");
  });

  it("refuses the non-well-formed nested CDATA of crazy-cdata.xml, naming file and line", async () => {
    const error = await refusal(fixture("crazy-cdata.xml"));
    expect(error.line).toBe(18);
    expect(error.message).toMatch(
      /crazy-cdata\.xml is not a readable WordPress export: the XML is broken at line 18/,
    );
  });
});

describe("readWxr on a WP Recipe Maker export: the site, authors and posts", () => {
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await readAll(fixture("wprm-export.xml"));
  });

  it("yields the site, then the authors, then items in file order", () => {
    expect(events.slice(0, 3).map((e) => e.type)).toEqual(["site", "author", "author"]);
    expect(events[2]).toEqual({ type: "author", sourceId: "guest", email: null, name: "Sam Lee" });
    expect(events[3]).toEqual({
      type: "attachment",
      sourceId: "101",
      url: "https://noodleroads.example/wp-content/uploads/2019/05/pad-thai.jpg",
      alt: "Pad thai tossed in a wok",
      title: "Pad thai in the wok",
      // Its post_parent is 0: uploaded to no post.
      parentSourceId: null,
    });
  });

  it("maps a published post with every field", () => {
    const post = byId(posts(events), "201");
    expect(post).toMatchObject({
      title: "Street food in <em>Bangkok</em> &amp; beyond",
      slug: "bangkok-street-food",
      contentFormat: "wordpress",
      excerpt: "Night markets, noodles and a recipe.",
      state: "published",
      publishAt: Date.UTC(2019, 4, 10, 8, 30) / 1000,
      date: "2019-05-10",
      authorName: "Mai Tran",
      authorEmail: "mai@noodleroads.example",
      category: "Travel",
      featuredAttachmentId: "101",
      seoTitle: "Bangkok street food guide",
      seoDescription: "Where to eat in Bangkok, night by night.",
      oldPaths: ["/2019/05/bangkok-street-food/"],
      oldSlugs: ["bangkok-food", "street-food-bkk"],
      draftReason: null,
    });
    expect(post.content).toContain('[wprm-recipe id="301"]');
    expect(post.content).toContain("paragraph with an ]]> inside it.");
  });

  it("keeps approved and pending comments as plain text and skips spam, trash and pings", () => {
    const post = byId(posts(events), "201");
    expect(post.comments).toEqual([
      expect.objectContaining({
        sourceId: "1",
        parentSourceId: null,
        approved: true,
        text: "Loved the khao soi tip & the map!\nThanks.",
      }),
      expect.objectContaining({ sourceId: "2", parentSourceId: "1", approved: false, name: "Ben" }),
    ]);
    const reasons = skipped(events)
      .filter((s) => s.kind === "comment")
      .map((s) => [s.sourceId, s.reason]);
    expect(reasons).toEqual([
      ["3", "it was marked as spam"],
      ["4", "it was in the trash"],
      ["5", "pingbacks are not imported"],
      ["6", "trackbacks are not imported"],
    ]);
  });

  it("maps states: draft, scheduled, password, private, pending; skips trash and auto-drafts", () => {
    const all = posts(events);
    expect(byId(all, "202")).toMatchObject({
      state: "draft",
      publishAt: null,
      date: "",
      oldPaths: [],
      slug: "",
    });
    expect(byId(all, "203")).toMatchObject({
      state: "scheduled",
      date: "2031-01-01",
      seoTitle: "",
      seoDescription: "",
    });
    expect(byId(all, "204")).toMatchObject({
      state: "draft",
      draftReason: "it was password-protected on the old site",
    });
    expect(byId(all, "206")).toMatchObject({ state: "draft", publishAt: null, draftReason: null });
    expect(byId(all, "207")).toMatchObject({ state: "draft", draftReason: "it was private on the old site" });
    expect(byId(skipped(events), "205")).toMatchObject({ kind: "post", reason: "it was in the trash" });
    expect(byId(skipped(events), "208")).toMatchObject({
      kind: "post",
      reason: "it was an empty automatic draft",
    });
  });

  it("keeps a percent-encoded slug and entity title as the source has them; Uncategorized is no category", () => {
    expect(byId(posts(events), "209")).toMatchObject({
      title: "K&#246;ln %C3%A9t&#233;",
      slug: "k%c3%b6ln-%c3%a9t%c3%a9",
      category: null,
    });
  });
});

describe("readWxr on a WP Recipe Maker export: recipes, pages and skipped item types", () => {
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await readAll(fixture("wprm-export.xml"));
  });

  it("maps a WPRM recipe with groups, times, calories, equipment, course and parent post", () => {
    expect(byId(recipes(events), "301")).toEqual({
      type: "recipe",
      sourceId: "301",
      title: "Pad Thai",
      slug: "pad-thai",
      // WPRM's post name, the slug earlier versions of the importer gave: a recipe still there moves.
      earlierSlugs: ["wprm-pad-thai"],
      summary: "A weeknight pad thai & its sauce.",
      ingredients: [
        "200 g rice noodles",
        "2 tbsp fish sauce",
        "1 lime, cut into wedges",
        "salt, to taste",
        "For the sauce:",
        "3 tbsp tamarind paste",
        "1 ½ tbsp palm sugar, or brown sugar",
      ],
      steps: [
        "Soak the noodles in warm water for 20 minutes.",
        "Stir the tamarind, sugar & fish sauce together.",
        "To finish:",
        "Toss everything in a hot wok. Serve with lime.",
      ],
      servings: 2,
      prepMinutes: 20,
      cookMinutes: 10,
      totalMinutes: 30,
      calories: 520,
      course: "Main Course",
      notes: "Use wide noodles.\n\nTamarind keeps for a month.",
      equipment: ["Wok", "1 Large bowl, heatproof"],
      image: null,
      imageAttachmentId: "101",
      state: "published",
      publishAt: Date.UTC(2019, 4, 10, 8, 30) / 1000,
      createdAt: Date.UTC(2019, 4, 10, 8, 30) / 1000,
      parentPostSourceId: "201",
      oldPaths: [],
    });
  });

  it("reads a draft recipe with gapped group keys, a decimal-comma serving and old-style nutrition", () => {
    expect(byId(recipes(events), "302")).toMatchObject({
      state: "draft",
      publishAt: null,
      servings: 4.5,
      prepMinutes: null,
      cookMinutes: null,
      calories: 310,
      parentPostSourceId: null,
      course: null,
    });
    expect(byId(recipes(events), "302").ingredients).toContain("For the sauce:");
  });

  it("reads the page as a page", () => {
    expect(byId(pages(events), "401")).toMatchObject({
      slug: "about",
      state: "published",
      contentFormat: "wordpress",
    });
  });

  it("skips menus, revisions, reusable blocks and other types, each with a reason", () => {
    const reasons = Object.fromEntries(
      skipped(events)
        .filter((s) => s.kind !== "comment" && s.kind !== "post")
        .map((s) => [s.kind, s.reason]),
    );
    expect(reasons).toEqual({
      nav_menu_item: "menus are not imported: Wanderplate's navigation is built in",
      revision: "revisions are not imported: only the current version of each post is",
      wp_block: "reusable blocks are not imported: their content is already in the posts that use them",
      product: 'items of type "product" are not imported',
    });
  });
});

describe("readWxr repairs what it can go past", () => {
  it("repairs serialized PHP whose CRLF byte counts no longer match, and reports what it cannot read", async () => {
    const events = await readAll(fixture("serialized-crlf.xml"));
    expect(byId(recipes(events), "501").steps).toEqual(["Boil the water. Add salt.", "Drain."]);
    expect(byId(recipes(events), "502").steps).toEqual(["Café:", "Line one. Line two."]);
    expect(byId(recipes(events), "503").ingredients).toEqual([]);
    expect(events.filter((e) => e.type === "notice")).toEqual([
      expect.objectContaining({ code: "unreadable-recipe-data", sourceId: "503" }),
    ]);
  });

  it("replaces invalid UTF-8 with U+FFFD and says how many, not counting a real U+FFFD", async () => {
    const events = await readAll(fixture("invalid-utf8.xml"));
    expect(byId(posts(events), "701")).toMatchObject({
      title: "Café FFFD:\uFFFD",
      content: "\uFFFD \uFFFD \uFFFD\uFFFD end",
    });
    const notices = events.filter((e) => e.type === "notice");
    expect(notices).toEqual([expect.objectContaining({ code: "invalid-utf8" })]);
    expect(notices[0]).toMatchObject({ message: expect.stringMatching(/invalid-utf8\.xml had 4 sequences/) });
  });

  it("removes control characters XML forbids and says how many", async () => {
    const events = await readAll(fixture("control-characters.xml"));
    expect(byId(posts(events), "801")).toMatchObject({
      title: "Tab\there",
      content: "Bell vertical escape form",
    });
    expect(events.filter((e) => e.type === "notice")).toEqual([
      expect.objectContaining({
        code: "control-characters",
        message: expect.stringMatching(/^6 invisible control characters/),
      }),
    ]);
  });
});

describe("readWxr refuses a file it cannot import, naming the file and the line", () => {
  it.each([
    [
      "doctype-bomb.xml",
      2,
      /declares a document type .*at line 2\); WordPress never writes one, so the file was not imported/,
    ],
    ["truncated.xml", 234, /is cut short: it ends at line 234/],
    [
      "not-wxr.xml",
      2,
      /is not a WordPress export: its <rss> feed does not declare WordPress's export namespace \(line 2\)/,
    ],
    ["no-channel.xml", 4, /is not a WordPress export: its <rss> feed has no <channel> \(line 4\)/],
    ["broken.xml", 40, /the XML is broken at line 40 \(unexpected close tag\)/],
  ])("%s", async (name, line, message) => {
    const error = await refusal(fixture(name));
    expect(error.file).toBe(fixture(name));
    expect(error.line).toBe(line);
    expect(error.message).toContain(fixture(name));
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/\n|at .*\.ts:\d+/);
  });

  it("empty.xml", async () => {
    expect((await refusal(fixture("empty.xml"))).message).toMatch(/empty\.xml is empty/);
  });

  it("a missing file", async () => {
    expect((await refusal(fixture("no-such-file.xml"))).message).toMatch(/could not be found/);
  });
});

describe("readWxr on generated files", () => {
  const dir = temporaryDir("wxr-reader-");

  it("refuses a DOCTYPE split between two read chunks, before reading on", async () => {
    const file = join(dir.path, "late-doctype.xml");
    const padding = `<!--${" ".repeat(64 * 1024 - 9)}-->\n`;
    await writeFile(
      file,
      `<?xml version="1.0"?>\n${padding}<!DOCTYPE rss SYSTEM "file:///etc/passwd">\n<rss/>`,
    );
    const error = await refusal(file);
    expect(error.line).toBe(3);
  });

  it("does not mistake a DOCTYPE inside a post for a declaration", async () => {
    const source = await readFile(fixture("wprm-export.xml"), "utf8");
    const file = join(dir.path, "doctype-in-post.xml");
    await writeFile(file, source.replace("Not yet.", "<!DOCTYPE html> is how HTML starts"));
    expect(byId(posts(await readAll(file)), "202").content).toBe("<!DOCTYPE html> is how HTML starts");
  });

  it("streams a large export, one item at a time", async () => {
    const source = await readFile(fixture("wprm-export.xml"), "utf8");
    const start = source.indexOf("\t<item>");
    const end = source.lastIndexOf("</channel>");
    const items = source.slice(start, end);
    const file = join(dir.path, "large.xml");
    await writeFile(file, source.slice(0, start) + items.repeat(400) + source.slice(end));
    let count = 0;
    for await (const event of readWxr(file)) if (event.type === "recipe") count++;
    expect(count).toBe(800);
  });
});

describe("readWxr fuzzed", () => {
  const dir = temporaryDir("wxr-fuzz-");

  it("either yields events or throws ImportFileError for a cut or mutated export", async () => {
    const source = await readFile(fixture("wprm-export.xml"));
    const next = seededRandom(20);
    const noise = [0x00, 0x3c, 0x3e, 0x26, 0x5d, 0x22, 0xff, 0xc3, 0x0a, 0x3b, 0x7d, 0x3a];
    const outcomes = { read: 0, refused: 0 };
    for (let round = 0; round < 150; round++) {
      let bytes = Buffer.from(source);
      if (round % 3 === 0) bytes = bytes.subarray(0, Math.floor(next() * bytes.length));
      const mutations = round % 3 === 0 ? 0 : 1 + Math.floor(next() * 4);
      for (let m = 0; m < mutations; m++) {
        const at = Math.floor(next() * bytes.length);
        const choice = next();
        if (choice < 0.4) bytes[at] = noise[Math.floor(next() * noise.length)] as number;
        else if (choice < 0.7)
          bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + Math.floor(next() * 20))]);
        else bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + 30), bytes.subarray(at)]);
      }
      const file = join(dir.path, `fuzz-${round}.xml`);
      await writeFile(file, bytes);
      try {
        await readAll(file);
        outcomes.read++;
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw new Error(`round ${round}: ${String(error)}`);
        expect(error.message).toContain(file);
        outcomes.refused++;
      }
    }
    // Both outcomes happen: the fuzzer really exercises the reader.
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

describe("looksLikeWxr and wxrVersionOf", () => {
  it("recognizes every real export's head and nothing else", async () => {
    for (const name of [
      "themeunittestdata.wordpress.xml",
      "valid-wxr-1.0.xml",
      "valid-wxr-1.1.xml",
      "wprm-export.xml",
    ]) {
      const head = (await readFile(fixture(name), "utf8")).slice(0, 64 * 1024);
      expect(looksLikeWxr(head), name).toBe(true);
    }
    expect(looksLikeWxr(await readFile(fixture("not-wxr.xml"), "utf8"))).toBe(false);
    expect(looksLikeWxr('{"db":[{"data":{"posts":[]}}]}')).toBe(false);
    expect(looksLikeWxr('\uFEFF<rss xmlns:wp="http://wordpress.org/export/1.0/">')).toBe(true);
  });

  it("reads the WXR version", async () => {
    expect(wxrVersionOf(await readFile(fixture("themeunittestdata.wordpress.xml"), "utf8"))).toBe("1.2");
    expect(wxrVersionOf("<rss>")).toBeNull();
  });
});

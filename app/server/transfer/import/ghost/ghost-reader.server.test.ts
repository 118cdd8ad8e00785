import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "#tests/support/seeded-random.ts";
import { type ImportEvent, type ImportedPage, type ImportedPost, ImportFileError } from "../items.server.ts";
import { ghostVersionFromHead, looksLikeGhostJson, readGhostJson } from "./ghost-reader.server.ts";

const FIXTURES = join(import.meta.dirname, "../../../../../tests/fixtures/import/ghost");
const fixture = (name: string) => join(FIXTURES, name);

async function collect(file: string): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const event of readGhostJson(file)) events.push(event);
  return events;
}

const posts = (events: ImportEvent[]) => events.filter((e): e is ImportedPost => e.type === "post");
const pages = (events: ImportEvent[]) => events.filter((e): e is ImportedPage => e.type === "page");
const post = (events: ImportEvent[], slug: string) => {
  const found = posts(events).find((p) => p.slug === slug);
  if (!found) throw new Error(`no post ${slug}`);
  return found;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ghost-reader-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeTemp(name: string, content: string | Buffer): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, content);
  return file;
}

async function refusal(file: string): Promise<ImportFileError> {
  const error = await collect(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe("readGhostJson on a Ghost 5/6 export (lexical, no db wrapper, tables in any order)", () => {
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await collect(fixture("ghost-5-lexical.json"));
  });

  it("starts with the site, then the authors, then the posts", () => {
    expect(events[0]).toEqual({ type: "site", system: "ghost", url: "", title: "Wander & Eat" });
    expect(events.slice(1, 3)).toEqual([
      { type: "author", sourceId: "u-jon", email: "jon@example.com", name: "Jon Baker" },
      { type: "author", sourceId: "u-mika", email: "mika@example.com", name: "Mika Sato" },
    ]);
  });

  it("maps each status, and a non-public visibility to a draft with its reason", () => {
    const states = Object.fromEntries(posts(events).map((p) => [p.slug, [p.state, p.draftReason]]));
    expect(states).toEqual({
      "three-days-in-kyoto": ["published", null],
      "street-food-osaka": ["scheduled", null],
      "ramen-map": ["draft", 'it was visible only to members ("paid") on Ghost'],
      "hokkaido-winter": ["draft", null],
      "newsletter-12": [
        "draft",
        "it was sent as an email newsletter only, never published on the Ghost site",
      ],
    });
  });

  it("reads a page as a page, with its body and old path, never as a post", () => {
    expect(events.filter((e) => e.type === "skipped")).toEqual([]);
    expect(pages(events)).toEqual([
      expect.objectContaining({
        sourceId: "6650a1b2c3d4e5f600000006",
        title: "About us",
        slug: "about",
        content: "<p>We travel.</p>",
        contentFormat: "html",
        state: "published",
        publishAt: Date.UTC(2024, 0, 1, 10) / 1000,
        oldPaths: ["/about/"],
      }),
    ]);
  });

  it("maps a post's fields: primary public tag, first author, times, SEO, featured image alt, old path", () => {
    const kyoto = post(events, "three-days-in-kyoto");
    expect(kyoto).toMatchObject({
      sourceId: "6650a1b2c3d4e5f600000001",
      title: "Three days in <em>Kyoto</em>",
      contentFormat: "html",
      excerpt: "Temples, tea and too much tofu.",
      publishAt: Date.UTC(2024, 4, 21, 9, 30) / 1000,
      date: "2024-05-21",
      createdAt: Date.UTC(2024, 4, 20, 8) / 1000,
      // "#featured" (internal) is first, then Japan (sort_order 1) before Food (2).
      category: "Japan",
      // Jon has sort_order 0 though Mika's row comes first.
      authorName: "Jon Baker",
      authorEmail: "jon@example.com",
      featuredImage: { url: "__GHOST_URL__/content/images/2024/05/kyoto.jpg", alt: "The Kamo river at dusk" },
      featuredAttachmentId: null,
      seoTitle: "Kyoto in 3 days: a food lover's guide",
      seoDescription: "Where we ate in Kyoto.",
      oldPaths: ["/three-days-in-kyoto/"],
      oldSlugs: [],
      comments: [],
    });
  });

  it("keeps Ghost's html when it has it, __GHOST_URL__ as written", () => {
    expect(post(events, "street-food-osaka").content).toBe(
      '<p>Takoyaki at <a href="__GHOST_URL__/osaka/">Dotonbori</a>.</p>',
    );
  });

  it("renders the lexical body when html is empty, and tells about the cards it does not know", () => {
    const kyoto = post(events, "three-days-in-kyoto");
    expect(kyoto.content).toContain("<h2>Kyoto in three days</h2>");
    expect(kyoto.content).toContain(
      '<img src="__GHOST_URL__/content/images/2024/05/torii.jpg" alt="Red torii gates">',
    );
    const notices = events.filter((e) => e.type === "notice");
    expect(notices).toEqual([
      {
        type: "notice",
        code: "ghost-unknown-card",
        message: expect.stringContaining('"product"'),
        sourceId: "6650a1b2c3d4e5f600000001",
      },
    ]);
    // The unknown card's text is kept.
    expect(kyoto.content).toContain("<p>Rice cooker Our favourite</p>");
  });

  it("a post without a public tag or an author has none", () => {
    const ramen = post(events, "ramen-map");
    expect([ramen.category, ramen.authorName, ramen.authorEmail, ramen.featuredImage]).toEqual([
      null,
      "",
      null,
      null,
    ]);
  });
});

describe("readGhostJson on a Ghost 1.x export (db wrapper, page booleans, author_id, epoch ms)", () => {
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await collect(fixture("ghost-1-shape.json"));
  });

  it("reads the site, the authors, the posts and the page", () => {
    expect(events[0]).toEqual({ type: "site", system: "ghost", url: "", title: "Old Lisbon Blog" });
    expect(events.filter((e) => e.type === "author")).toEqual([
      { type: "author", sourceId: "1", email: "test@ghost.org", name: "Fixture Ghosty" },
      { type: "author", sourceId: "2", email: null, name: "Second Writer" },
    ]);
    expect(posts(events).map((p) => [p.slug, p.state])).toEqual([
      ["lisbon-weekend", "published"],
      ["porto", "draft"],
    ]);
    expect(pages(events)).toEqual([expect.objectContaining({ slug: "contact", title: "Contact" })]);
  });

  it("takes the author from author_id, SEO from the post, times from epoch milliseconds", () => {
    expect(post(events, "lisbon-weekend")).toMatchObject({
      authorName: "Fixture Ghosty",
      authorEmail: "test@ghost.org",
      category: "Portugal",
      seoTitle: "Lisbon weekend",
      seoDescription: "Two days in Lisbon.",
      publishAt: 1504269000,
      date: "2017-09-01",
      createdAt: 1504200000,
      featuredImage: { url: "/content/images/2017/09/lisbon.jpg", alt: "" },
    });
    expect(post(events, "porto")).toMatchObject({
      publishAt: null,
      date: "",
      createdAt: Date.UTC(2017, 8, 2, 10) / 1000,
    });
  });

  it("renders the mobiledoc markdown card when html is empty", () => {
    expect(post(events, "lisbon-weekend").content).toBe(
      '<h1>Lisbon</h1><p>Pastéis de nata, <strong>warm</strong>, at <a href="https://example.com/belem">Belém</a>.</p><ul><li>trams</li><li>tiles</li></ul>',
    );
  });
});

describe("readGhostJson on Ghost's own 4.x export rows", () => {
  it("reads both pages and the site title", async () => {
    const events = await collect(fixture("ghost-4-pages.json"));
    expect(events.map((e) => e.type)).toEqual(["site", "page", "page"]);
    expect(events[0]).toMatchObject({ title: "Testing Export Fixtures" });
    expect(events.slice(1).map((e) => (e as { title: string }).title)).toEqual([
      "About this site",
      "Contact",
    ]);
  });
});

describe("readGhostJson refuses a file it cannot import, in one plain paragraph", () => {
  it("an empty file", async () => {
    const error = await refusal(await writeTemp("empty.json", ""));
    expect(error.message).toMatch(/empty\.json is empty/);
  });

  it("a file cut short, with the line where it ends", async () => {
    const text = await readFile(fixture("ghost-5-lexical.json"), "utf8");
    const cut = text.slice(0, text.indexOf('"posts_meta"'));
    const error = await refusal(await writeTemp("cut.json", cut));
    const lines = cut.split("\n").length;
    expect(error.message).toContain(`at line ${lines},`);
    expect(error.message).toContain("cut short");
    expect(error.line).toBe(lines);
  });

  it("broken JSON, with the line and what is wrong", async () => {
    const error = await refusal(
      await writeTemp("broken.json", '{\n  "db": [\n    {"meta": {}, "data": {"posts": [}\n]}'),
    );
    expect(error.message).toMatch(
      /broken\.json is not a valid Ghost export: at line 3, column \d+, the JSON is broken there \(.+\)\./,
    );
    expect(error.message).not.toMatch(/\n|at .*\.js:\d+/);
  });

  it("JSON that is not a Ghost export", async () => {
    for (const [name, text] of [
      ["array.json", "[1, 2, 3]"],
      ["other.json", '{"blogs": [{"title": "x"}]}'],
      ["no-posts.json", '{"meta": {"version": "5.0.0"}, "data": {"tags": []}}'],
    ] as const) {
      const error = await refusal(await writeTemp(name, text));
      expect(error.message).toContain(`${name} is JSON, but not a Ghost export`);
    }
  });

  it("two JSON values one after the other", async () => {
    const error = await refusal(await writeTemp("two.json", '{"data": {"posts": []}} {"x": 1}'));
    expect(error.message).toContain("two.json is not a valid Ghost export");
  });

  it("a file that is not there", async () => {
    const error = await refusal(join(dir, "missing.json"));
    expect(error.message).toBe(`${join(dir, "missing.json")} could not be read: there is no such file.`);
  });

  it("reads a file with a byte-order mark", async () => {
    const text = await readFile(fixture("ghost-1-shape.json"));
    const events = await collect(
      await writeTemp("bom.json", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text])),
    );
    expect(posts(events)).toHaveLength(2);
  });

  it("goes past rows that are not objects or have wrong types", async () => {
    const file = await writeTemp(
      "odd.json",
      JSON.stringify({
        data: {
          posts: [
            42,
            {
              id: 7,
              title: ["x"],
              slug: null,
              status: "published",
              visibility: 3,
              html: {},
              published_at: "soon",
            },
            { title: "no id" },
          ],
          tags: [null, "x"],
          posts_tags: [{ post_id: "7", tag_id: {} }],
        },
      }),
    );
    const events = await collect(file);
    expect(events.map((e) => e.type)).toEqual(["site", "notice", "post", "skipped"]);
    expect(events[2]).toMatchObject({
      sourceId: "7",
      title: "",
      slug: "",
      state: "published",
      publishAt: null,
      oldPaths: [],
    });
  });
});

describe("readGhostJson on randomly damaged files (seeded)", () => {
  it("yields events or throws ImportFileError, never anything else", async () => {
    const next = seededRandom(20);
    const sources = await Promise.all(
      ["ghost-5-lexical.json", "ghost-1-shape.json", "ghost-4-pages.json"].map((f) => readFile(fixture(f))),
    );
    const junk = ['"', "{", "}", "[", "]", ",", ":", "\\", "null", "0", "\u00e9", "\n", "\u0000", '"posts"'];
    let refused = 0;
    let read = 0;
    for (let round = 0; round < 120; round++) {
      const source = sources[round % sources.length] as Buffer;
      let bytes: Buffer;
      const at = Math.floor(next() * source.length);
      if (round % 3 === 0) bytes = source.subarray(0, at);
      else {
        const piece = Buffer.from(junk[Math.floor(next() * junk.length)] ?? "");
        const cut = round % 3 === 1 ? 0 : Math.floor(next() * 20);
        bytes = Buffer.concat([source.subarray(0, at), piece, source.subarray(at + cut)]);
      }
      const file = await writeTemp(`fuzz-${round}.json`, bytes);
      try {
        const events = await collect(file);
        expect(events[0]?.type).toBe("site");
        read++;
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw new Error(`round ${round}: ${String(error)}`);
        expect(error.message).not.toContain("\n");
        refused++;
      }
    }
    // Both outcomes happen: the test would prove nothing if every file were refused (or read).
    expect(refused).toBeGreaterThan(10);
    expect(read).toBeGreaterThan(10);
  });
});

describe("looksLikeGhostJson", () => {
  it("knows both shapes of a Ghost export by their first bytes", async () => {
    for (const name of ["ghost-5-lexical.json", "ghost-1-shape.json", "ghost-4-pages.json"]) {
      const head = (await readFile(fixture(name), "utf8")).slice(0, 65536);
      expect(looksLikeGhostJson(head), name).toBe(true);
    }
    expect(looksLikeGhostJson('\uFEFF {"db":[{"data":{"posts":[]}}]}')).toBe(true);
  });

  it("says no to other files", () => {
    for (const head of [
      "",
      "[]",
      '{"data": {"blogs": []}}',
      '{"format": "wanderplate", "data": {}}',
      '<?xml version="1.0"?><rss>',
      "id,email,name\n",
      '{"db": "x"}',
    ]) {
      expect(looksLikeGhostJson(head), head).toBe(false);
    }
  });

  it("finds Ghost's version for the report", () => {
    expect(ghostVersionFromHead('{"db":[{"meta":{"exported_on":1,"version":"5.87.1"}')).toBe("5.87.1");
    expect(ghostVersionFromHead("{}")).toBeNull();
  });
});

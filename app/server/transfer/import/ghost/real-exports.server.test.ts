/**
 * readGhostJson on Ghost's own export fixtures (tests/fixtures/import/ghost/real/, copied unchanged
 * from TryGhost/Ghost: see the README there). Every expectation is computed from the file itself,
 * read with a plain JSON.parse: the posts that are not pages, their status and visibility, the tags
 * by posts_tags sort_order, the authors by posts_authors (or Ghost 1's author_id) and users. A few
 * exact values read in the files pin the test to what Ghost really wrote.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDir } from "#tests/support/hooks.ts";
import type {
  ImportEvent,
  ImportedAuthor,
  ImportedPage,
  ImportedPost,
  SkippedItem,
} from "../items.server.ts";
import { readGhostJson } from "./ghost-reader.server.ts";

const REAL = join(import.meta.dirname, "../../../../../tests/fixtures/import/ghost/real");

type Row = Record<string, unknown>;

interface GhostExport {
  meta: Row;
  data: Record<string, Row[]>;
}

/** The export as Ghost wrote it, `db` wrapper or not. */
function parseExport(text: string): GhostExport {
  const root = JSON.parse(text) as { db?: GhostExport[] } & GhostExport;
  const base = root.db?.[0] ?? root;
  return { meta: base.meta, data: base.data };
}

function loadExport(name: string): GhostExport {
  return parseExport(readFileSync(join(REAL, name), "utf8"));
}

const table = (ghost: GhostExport, name: string): Row[] => ghost.data[name] ?? [];
const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** Ghost 2.x and older mark pages with `page` (true or 1), Ghost 3+ with `type: "page"`. */
const isPage = (row: Row): boolean => row.type === "page" || row.page === true || row.page === 1;

/** Ghost's times in these files are ISO strings or epoch milliseconds; ours are seconds. */
function seconds(value: unknown): number | null {
  if (typeof value === "number") return Math.floor(value / 1000);
  if (typeof value === "string") return Math.floor(Date.parse(value) / 1000);
  return null;
}

function byOrder(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
}

/** The post's primary tag as the file's tables say: the first public tag by posts_tags sort_order. */
function expectedCategory(ghost: GhostExport, postId: string): string | null {
  const tags = new Map(table(ghost, "tags").map((tag) => [str(tag.id), tag]));
  for (const link of byOrder(table(ghost, "posts_tags").filter((l) => l.post_id === postId))) {
    const tag = tags.get(str(link.tag_id));
    if (tag && tag.visibility !== "internal" && !str(tag.name).startsWith("#")) return str(tag.name);
  }
  return null;
}

/** The post's author row: the first of posts_authors by sort_order, else Ghost 1's author_id. */
function expectedAuthor(ghost: GhostExport, post: Row): Row | undefined {
  const users = new Map(table(ghost, "users").map((user) => [str(user.id), user]));
  const links = byOrder(table(ghost, "posts_authors").filter((l) => l.post_id === post.id));
  for (const link of links) {
    const user = users.get(str(link.author_id));
    if (user) return user;
  }
  return users.get(str(post.author_id));
}

function expectedState(post: Row): ImportedPost["state"] {
  const visibility = str(post.visibility) || "public";
  if (post.status === "draft" || visibility !== "public") return "draft";
  if (post.status === "published") return "published";
  if (post.status === "scheduled") return "scheduled";
  return "draft";
}

async function collect(file: string): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const event of readGhostJson(file)) events.push(event);
  return events;
}

const postsOf = (events: ImportEvent[]) => events.filter((e): e is ImportedPost => e.type === "post");
const pagesOf = (events: ImportEvent[]) => events.filter((e): e is ImportedPage => e.type === "page");
const skippedOf = (events: ImportEvent[]) => events.filter((e): e is SkippedItem => e.type === "skipped");
const authorsOf = (events: ImportEvent[]) => events.filter((e): e is ImportedAuthor => e.type === "author");

function find<T extends { sourceId: string }>(items: T[], sourceId: unknown): T {
  const found = items.find((item) => item.sourceId === sourceId);
  if (!found) throw new Error(`no item ${String(sourceId)}`);
  return found;
}

const FIXTURES = [
  { file: "v2_export.json", version: "2.9.0" },
  { file: "v3_export.json", version: "3.0.0" },
  { file: "v4_export.json", version: "4.1.0" },
  { file: "valid.json", version: "1.20.0" },
] as const;

describe.each(FIXTURES)("readGhostJson on Ghost's own $file (Ghost $version)", ({ file, version }) => {
  const ghost = loadExport(file);
  const rows = table(ghost, "posts");
  const postRows = rows.filter((row) => !isPage(row));
  const pageRows = rows.filter(isPage);
  let events: ImportEvent[];
  beforeAll(async () => {
    events = await collect(join(REAL, file));
  });

  it("is the Ghost version the file says", () => {
    expect(ghost.meta.version).toBe(version);
  });

  it("starts with the site, titled from the settings, then one author per user", () => {
    const title = table(ghost, "settings").find((s) => s.key === "title")?.value;
    expect(events[0]).toEqual({ type: "site", system: "ghost", url: "", title });
    const users = table(ghost, "users");
    expect(events.slice(1, 1 + users.length)).toEqual(
      users.map((user) => ({ type: "author", sourceId: user.id, email: user.email, name: user.name })),
    );
    expect(authorsOf(events)).toHaveLength(users.length);
  });

  it("yields one post per Ghost post that is not a page, in file order", () => {
    expect(postRows.length).toBeGreaterThan(0);
    expect(postsOf(events).map((p) => p.sourceId)).toEqual(postRows.map((row) => row.id));
  });

  it("yields each page as a page with its old path, never as a post", () => {
    expect(pagesOf(events).map((p) => [p.sourceId, p.title, p.oldPaths])).toEqual(
      pageRows.map((row) => [row.id, row.title, [`/${str(row.slug)}/`]]),
    );
    expect(skippedOf(events)).toEqual([]);
    expect(events.filter((e) => e.type === "notice")).toEqual([]);
  });

  it("keeps each post's title, slug, old path and publication time", () => {
    for (const row of postRows) {
      const post = find(postsOf(events), row.id);
      expect(post).toMatchObject({
        title: row.title,
        slug: row.slug,
        oldPaths: [`/${str(row.slug)}/`],
        publishAt: seconds(row.published_at),
        createdAt: seconds(row.created_at),
        contentFormat: "html",
      });
    }
  });

  it("maps each post's status and visibility to its state, with a reason when it is not public", () => {
    for (const row of postRows) {
      const post = find(postsOf(events), row.id);
      expect([row.id, post.state]).toEqual([row.id, expectedState(row)]);
      if ((str(row.visibility) || "public") === "public") expect(post.draftReason).toBeNull();
      else expect(post.draftReason).toContain(`("${str(row.visibility)}")`);
    }
  });

  it("takes each post's category from its first tag by posts_tags sort_order", () => {
    for (const row of postRows) {
      expect([row.id, find(postsOf(events), row.id).category]).toEqual([
        row.id,
        expectedCategory(ghost, str(row.id)),
      ]);
    }
  });

  it("names each post's author and email as the users table has them", () => {
    for (const row of postRows) {
      const user = expectedAuthor(ghost, row);
      expect(user).toBeDefined();
      expect(find(postsOf(events), row.id)).toMatchObject({
        authorName: user?.name,
        authorEmail: user?.email,
      });
    }
  });

  it("gives every post with html or mobiledoc a non-empty HTML body, Ghost's own html when it has one", () => {
    const withBody = postRows.filter((row) => str(row.html).trim() || str(row.mobiledoc));
    expect(withBody).toHaveLength(postRows.length);
    for (const row of withBody) {
      const post = find(postsOf(events), row.id);
      expect(post.content).toMatch(/^\s*<[a-z]/);
      if (str(row.html).trim()) expect(post.content).toBe(row.html);
    }
  });

  it("keeps the feature image and custom excerpt", () => {
    for (const row of postRows) {
      const post = find(postsOf(events), row.id);
      expect(post.featuredImage).toEqual(row.feature_image ? { url: row.feature_image, alt: "" } : null);
      expect(post.excerpt).toBe(str(row.custom_excerpt));
    }
  });
});

describe("exact values read in Ghost's fixtures", () => {
  const read = async (file: string) => collect(join(REAL, file));
  /** The post `id` as the reader yields it from the fixture `file`. */
  const postIn = async (file: string, id: string) => find(postsOf(await read(file)), id);

  it("v2: a Ghost 2.9 export with `page: 0` posts, all published and tagged Getting Started", async () => {
    const posts = postsOf(await read("v2_export.json"));
    expect(posts).toHaveLength(7);
    expect(find(posts, "605ad4e57b12e2d97db5d77f")).toMatchObject({
      title: "Writing posts with Ghost ✍️",
      slug: "the-editor",
      state: "published",
      date: "2021-03-24",
      category: "Getting Started",
      authorEmail: "ghost-author@example.com",
    });
  });

  it("v3: the custom theme post", async () => {
    expect(await postIn("v3_export.json", "605a8e13b6cf646d6629d6c2")).toMatchObject({
      title: "Creating a custom theme",
      slug: "themes",
      state: "published",
      authorName: "Ghost",
      featuredImage: { url: "https://static.ghost.org/v3.0.0/images/creating-a-custom-theme.png", alt: "" },
    });
  });

  it("v4: the paid post becomes a draft, the four pages are pages", async () => {
    const events = await read("v4_export.json");
    expect(find(postsOf(events), "605ac141a2d5a6aa9e101ec1")).toMatchObject({
      title: "Selling premium memberships with recurring revenue",
      slug: "sell",
      state: "draft",
      draftReason: 'it was visible only to members ("paid") on Ghost',
    });
    expect(pagesOf(events).map((p) => p.title)).toEqual([
      "About this site",
      "Contact",
      "Privacy",
      "Contribute",
    ]);
    expect(postsOf(events)).toHaveLength(7);
  });

  it("valid.json: Ghost 1.20, authors by author_id, one post tagged and one not", async () => {
    const events = await read("valid.json");
    expect(events[0]).toEqual({ type: "site", system: "ghost", url: "", title: "a test blog" });
    const posts = postsOf(events);
    expect(find(posts, "59a952be7d79ed06b0d21127")).toMatchObject({
      title: "Setting up your own Ghost theme",
      slug: "themes",
      category: "tag1",
      authorName: "Joe Blogg's Brother",
      authorEmail: "jbloggsbrother@example.com",
      date: "2017-09-01",
    });
    expect(find(posts, "59a952be7d79ed06b0d21128")).toMatchObject({
      title: "Advanced Markdown tips",
      slug: "advanced-markdown",
      category: null,
      state: "published",
    });
  });
});

describe("Ghost's fixtures, changed by the test", () => {
  const dir = temporaryDir("ghost-real-");

  async function writeVariant(name: string, change: (ghost: GhostExport) => void): Promise<string> {
    const ghost = loadExport(name);
    change(ghost);
    const file = join(dir.path, name);
    await writeFile(file, JSON.stringify({ db: [{ meta: ghost.meta, data: ghost.data }] }));
    return file;
  }

  it.each(FIXTURES)(
    "renders $file's mobiledoc when the html is gone, with no card left unknown",
    async ({ file }) => {
      const variant = await writeVariant(file, (ghost) => {
        for (const row of table(ghost, "posts")) row.html = null;
      });
      const events = await collect(variant);
      expect(events.filter((e) => e.type === "notice")).toEqual([]);
      const ghost = loadExport(file);
      for (const row of table(ghost, "posts").filter((r) => !isPage(r))) {
        const post = find(postsOf(events), row.id);
        expect(post.content).toMatch(/^\s*<[a-z]/);
        const doc = JSON.parse(str(row.mobiledoc)) as { cards: [string, Row][] };
        for (const [name, payload] of doc.cards) {
          if (name === "image") expect(post.content).toContain(str(payload.src));
        }
      }
    },
  );

  it("takes the tag with the lowest sort_order, not the first row, as the category (v4)", async () => {
    const variant = await writeVariant("v4_export.json", (ghost) => {
      const tags = table(ghost, "tags");
      const links = table(ghost, "posts_tags");
      tags.push({ ...tags[0], id: "aaaaaaaaaaaaaaaaaaaaaaaa", name: "Travel", slug: "travel" });
      // "sell": its own tag moves to sort_order 1, Travel (a later row) takes 0. "grow": Travel is 1.
      const sellLink = links.find((link) => link.post_id === "605ac141a2d5a6aa9e101ec1");
      if (sellLink) sellLink.sort_order = 1;
      for (const [postId, order] of [
        ["605ac141a2d5a6aa9e101ec1", 0],
        ["605ac141a2d5a6aa9e101ebf", 1],
      ] as const) {
        links.push({
          id: `link-${postId}`,
          post_id: postId,
          tag_id: "aaaaaaaaaaaaaaaaaaaaaaaa",
          sort_order: order,
        });
      }
    });
    const posts = postsOf(await collect(variant));
    expect(find(posts, "605ac141a2d5a6aa9e101ec1").category).toBe("Travel");
    expect(find(posts, "605ac141a2d5a6aa9e101ebf").category).toBe("Getting Started");
  });
});

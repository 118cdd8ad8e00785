import { describe, expect, it } from "vitest";
import type { Manifest } from "#app/server/transfer/backup/archive.server.ts";
import {
  blogColumns,
  destinationColumns,
  RowProblem,
  recipeColumns,
  slugOf,
  stringList,
} from "#app/server/transfer/import/wanderplate/columns.server.ts";
import {
  EXPORT_TABLE_ORDER,
  exportedTables,
  exportManifestProblem,
  exportRow,
  looksLikeWanderplateExport,
  refusalReason,
  rowHash,
} from "./format.server.ts";

describe("what an export holds", () => {
  it("leaves subscribers and contact messages out unless personal data is asked for", () => {
    const without = exportedTables(false).map((t) => t.name);
    const withPii = exportedTables(true).map((t) => t.name);
    expect(without).not.toContain("users");
    expect(without).not.toContain("contacts");
    expect(withPii).toEqual(expect.arrayContaining(["users", "contacts"]));
    expect(withPii).toEqual(EXPORT_TABLE_ORDER);
  });

  it("never holds sessions, password resets, mail queues or the search index", () => {
    for (const table of [
      "sessions",
      "password_resets",
      "mail_outbox",
      "search_docs",
      "autosaves",
      "import_map",
    ])
      expect(EXPORT_TABLE_ORDER).not.toContain(table);
  });

  it("keeps the restore order: recipes before blogs, blogs before comments and redirects", () => {
    const at = (t: string) => EXPORT_TABLE_ORDER.indexOf(t);
    expect(at("recipes")).toBeLessThan(at("blogs"));
    expect(at("blogs")).toBeLessThan(at("comments"));
    expect(at("blogs")).toBeLessThan(at("blog_slug_redirects"));
    expect(at("blogs")).toBeLessThan(at("path_redirects"));
  });

  it("drops an account's password hash and two-step secrets, always", () => {
    const row = {
      id: 1,
      email: "a@example.com",
      name: "Ana",
      password_hash: "scrypt$1$2",
      role: "all",
      created_at: 5,
      totp_secret: "JBSWY3DPEHPK3PXP",
      totp_pending_secret: "KRSXG5CTMVRXEZLU",
      totp_enabled_at: 6,
      totp_last_step: 7,
    };
    for (const pii of [false, true]) {
      const out = exportRow("accounts", row, pii);
      for (const secret of [
        "password_hash",
        "totp_secret",
        "totp_pending_secret",
        "totp_enabled_at",
        "totp_last_step",
      ]) {
        expect(out).not.toHaveProperty(secret);
      }
      expect(out).toMatchObject({ email: "a@example.com", role: "all", name: "Ana" });
    }
  });

  it("blanks a commenter's email without personal data, keeps it with", () => {
    const row = { id: 1, blog_id: 2, name: "Bea", email: "bea@example.com", comment: "Hi", approved: 1 };
    expect(exportRow("comments", row, false)).toMatchObject({ name: "Bea", email: "", comment: "Hi" });
    expect(exportRow("comments", row, true)).toMatchObject({ email: "bea@example.com" });
  });

  it("blanks a rater's email without personal data, keeps it with; ratings follow their recipes", () => {
    const row = { id: 3, recipe_id: 2, name: "Bea", email: "bea@example.com", stars: 4, comment: "Silky" };
    expect(exportRow("recipe_ratings", row, false)).toEqual({ ...row, email: "" });
    expect(exportRow("recipe_ratings", row, true)).toEqual(row);
    const at = (t: string) => EXPORT_TABLE_ORDER.indexOf(t);
    expect(at("recipes")).toBeGreaterThanOrEqual(0);
    expect(at("recipes")).toBeLessThan(at("recipe_ratings"));
    expect(exportedTables(false).map((t) => t.name)).toContain("recipe_ratings");
  });

  it("hashes a row by its content", () => {
    expect(rowHash({ a: 1 })).toBe(rowHash({ a: 1 }));
    expect(rowHash({ a: 1 })).not.toBe(rowHash({ a: 2 }));
    expect(rowHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("recognizing an export", () => {
  it("takes a gzip's first bytes and nothing else", () => {
    expect(looksLikeWanderplateExport(new Uint8Array([0x1f, 0x8b, 0x08, 0]))).toBe(true);
    expect(looksLikeWanderplateExport(new TextEncoder().encode("<?xml version"))).toBe(false);
    expect(looksLikeWanderplateExport(new Uint8Array([0x1f, 0x8b]))).toBe(false);
    expect(looksLikeWanderplateExport(new Uint8Array())).toBe(false);
  });

  it("needs the exporting site's id and the personal-data flag in the manifest", () => {
    const base = { format: "wanderplate-export" } as unknown as Manifest;
    expect(
      exportManifestProblem({
        ...base,
        siteId: "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
        includesPii: false,
      } as Manifest),
    ).toBeNull();
    expect(exportManifestProblem({ ...base, includesPii: false } as Manifest)).toMatch(/site it came from/);
    expect(exportManifestProblem({ ...base, siteId: "../../x", includesPii: false } as Manifest)).toMatch(
      /site/,
    );
    expect(exportManifestProblem({ ...base, siteId: "1b4e28ba-2fa1-11d2" } as Manifest)).toMatch(
      /incomplete/,
    );
  });

  it("says why a file is refused in words a blogger can act on", () => {
    const file = "/tmp/site.tar.gz";
    expect(refusalReason(`${file} is damaged or incomplete (unexpected end of file)`, file)).toBe(
      "it is damaged or incomplete (unexpected end of file), perhaps cut short while it was downloaded or copied: export it again and import the new file",
    );
    expect(refusalReason(`${file} is incomplete: it has no manifest`, file)).toMatch(
      /^it is damaged or incomplete \(it has no manifest\)/,
    );
    expect(
      refusalReason(`${file} is damaged: tables/blogs/000001.jsonl does not match its checksum`, file),
    ).toMatch(/\(tables\/blogs\/000001.jsonl does not match its checksum\)/);
    expect(refusalReason("this file is not a Wanderplate export", file)).toMatch(
      /^it is not a Wanderplate export/,
    );
    expect(refusalReason(`no such file: ${file}`, file)).toBe("there is no such file");
  });
});

describe("reading an exported row back", () => {
  const blog = {
    id: 3,
    slug: "lisbon-by-tram",
    title: "Lisbon by tram",
    content: "<p>Hello</p>",
    author: "Ana",
    date: "2026-05-01",
    created_at: 100,
  };

  it("fills a blog from an older schema with what its migrations gave old rows", () => {
    const columns = blogColumns(blog, (html) => html);
    expect(columns).toMatchObject({
      image_alt: "Lisbon by tram",
      publish_at: 100,
      updated_at: 100,
      excerpt: "Hello",
    });
    expect(blogColumns({ ...blog, publish_at: null }, (html) => html).publish_at).toBeNull();
  });

  it("sends a blog's content through the sanitizer and derives its excerpt from what is kept", () => {
    const columns = blogColumns({ ...blog, content: "<p>Hi</p><script>x()</script>" }, (html) =>
      html.replace(/<script>.*<\/script>/, ""),
    );
    expect(columns.content).toBe("<p>Hi</p>");
    expect(columns.excerpt).toBe("Hi");
  });

  it("refuses a row without a title, a broken list or a wrong type, as a RowProblem", () => {
    expect(() => blogColumns({ ...blog, title: "  " }, (h) => h)).toThrow(RowProblem);
    expect(() => blogColumns({ ...blog, created_at: "yesterday" }, (h) => h)).toThrow(RowProblem);
    expect(() => stringList({ steps: "[1,2]" }, "steps")).toThrow(RowProblem);
    expect(() => stringList({ steps: "not json" }, "steps")).toThrow(RowProblem);
    expect(() =>
      recipeColumns({ id: 1, title: "Nata", steps: '["Bake"]', ingredients: "{}", created_at: 1 }),
    ).toThrow(/ingredients/);
  });

  it("keeps a slug in our form, and derives one from anything else", () => {
    expect(slugOf({ slug: "pastel-de-nata", title: "x" })).toBe("pastel-de-nata");
    expect(slugOf({ slug: "../../etc", title: "Pastel de nata" })).toBe("etc");
    expect(slugOf({ slug: "", title: "Pastel de nata" })).toBe("pastel-de-nata");
  });

  it("reads a destination's columns, keeping only pictures it can draw as the site's own", () => {
    const destination = {
      id: 5,
      builtin: null,
      slug: "porto-portugal",
      name: "Porto, Portugal",
      image_id: null,
      image_url: "https://example.com/porto.jpg",
      image_path: "/images/destinations/porto",
      image_alt: "",
      short: "Tiles.",
      description: "Bridges.",
      highlights: JSON.stringify([
        { name: "Ribeira", image: "0123456789abcdef01234567", extra: true },
        { name: 3, image: "x" },
      ]),
      location: "Portugal",
      best_time: "May",
      theme: "City",
      tag: "trending",
      latitude: 41.1579,
      longitude: -8.6291,
      position: 7,
      created_at: 100,
      updated_at: 200,
    };
    expect(destinationColumns(destination)).toMatchObject({
      name: "Porto, Portugal",
      image_url: "https://example.com/porto.jpg",
      image_path: "/images/destinations/porto",
      highlights: '[{"name":"Ribeira","image":"0123456789abcdef01234567"}]',
      tag: "trending",
      latitude: 41.1579,
      position: 7,
      updated_at: 200,
    });
    // A "built-in" picture that is not one of the site's: none.
    for (const path of ["https://evil.example/x", "/images/destinations/../../admin", "javascript:x()"])
      expect(destinationColumns({ ...destination, image_path: path }).image_path).toBeNull();
    expect(destinationColumns({ ...destination, tag: "<b>" }).tag).toBeNull();
    expect(() => destinationColumns({ ...destination, name: " " })).toThrow(RowProblem);
    expect(() => destinationColumns({ ...destination, latitude: 91 })).toThrow(/latitude/);
  });
});

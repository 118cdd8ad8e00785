import { expect, it } from "vitest";
import { applyEdits } from "#app/lib/document-edits.server.ts";
import { STYLESHEET_SLOT, stylesheetEdits } from "./stylesheet-slot.server.ts";

const spliceStylesheet = (html: Buffer, stylesheet: Buffer) =>
  applyEdits(html, stylesheetEdits(html, stylesheet));

const page = (head: string) =>
  Buffer.from(
    `<!DOCTYPE html><html><head>${head}<style>${STYLESHEET_SLOT}</style></head><body>Kyōto ✓</body></html>`,
  );

it("puts the stylesheet's bytes where React wrote the slot, and leaves the rest as it was", () => {
  const css = Buffer.from("body{color:#123}/* crème */");
  expect(spliceStylesheet(page("<title>Café</title>"), css).toString("utf8")).toBe(
    "<!DOCTYPE html><html><head><title>Café</title><style>body{color:#123}/* crème */</style></head>" +
      "<body>Kyōto ✓</body></html>",
  );
});

it("leaves a document without a slot as it was", () => {
  const plain = Buffer.from("<html><body>No styles</body></html>");
  expect(spliceStylesheet(plain, Buffer.from("x{}"))).toBe(plain);
});

it("cannot be spelled by a title or any text React escapes", () => {
  // React writes "<" as "&lt;" in text and attributes, so an escaped copy of the slot never matches.
  const escaped = STYLESHEET_SLOT.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  const html = spliceStylesheet(page(`<title>${escaped}</title>`), Buffer.from("x{}")).toString("utf8");
  expect(html).toContain(`<title>${escaped}</title>`);
  expect(html).toContain("<style>x{}</style>");
});

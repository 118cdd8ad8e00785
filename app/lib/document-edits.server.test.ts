import { describe, expect, it } from "vitest";
import { applyEdits } from "./document-edits.server.ts";

const html = Buffer.from("<html><head><style>SLOT</style></head><body>Kyōto ✓</body></html>");
const at = (text: string) => html.indexOf(text);

describe("applyEdits", () => {
  it("makes every edit at its place in the original document, whatever their order", () => {
    const edits = [
      { start: at("</body>"), end: at("</body>"), text: "<p>foot</p>" },
      { start: at("SLOT"), end: at("SLOT") + 4, text: Buffer.from("body{color:red}") },
      { start: at("</head>"), end: at("</head>"), text: "<meta name=x>" },
    ];
    expect(applyEdits(html, edits).toString("utf8")).toBe(
      "<html><head><style>body{color:red}</style><meta name=x></head><body>Kyōto ✓<p>foot</p></body></html>",
    );
    expect(applyEdits(html, edits.toReversed()).toString("utf8")).toBe(
      applyEdits(html, edits).toString("utf8"),
    );
  });

  it("puts an insertion before a replacement that starts at the same place, in either order", () => {
    const replace = { start: at("SLOT"), end: at("SLOT") + 4, text: "x{}" };
    const insert = { start: at("SLOT"), end: at("SLOT"), text: "/* first */" };
    const expected = "<html><head><style>/* first */x{}</style></head><body>Kyōto ✓</body></html>";
    expect(applyEdits(html, [replace, insert]).toString("utf8")).toBe(expected);
    expect(applyEdits(html, [insert, replace]).toString("utf8")).toBe(expected);
  });

  it("answers the document itself when there is nothing to edit", () => {
    expect(applyEdits(html, [])).toBe(html);
  });

  it("refuses edits that overlap or reach past the end", () => {
    expect(() =>
      applyEdits(html, [
        { start: 0, end: 10, text: "a" },
        { start: 5, end: 12, text: "b" },
      ]),
    ).toThrow("overlap");
    expect(() => applyEdits(html, [{ start: 0, end: html.length + 1, text: "a" }])).toThrow("outside");
  });
});

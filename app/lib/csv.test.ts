import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Ana Silva")).toBe("Ana Silva");
    expect(csvCell(1717200000)).toBe("1717200000");
  });

  it("defuses what a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell("+351 21 000 0000")).toBe("'+351 21 000 0000");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Silva, "Ana"')).toBe('"Silva, ""Ana"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
});

describe("toCsv", () => {
  it("joins cells with commas and ends each line with CRLF", () => {
    expect(
      toCsv([
        ["Full Name", "Email"],
        ["Ana", "ana@example.com"],
      ]),
    ).toBe("Full Name,Email\r\nAna,ana@example.com\r\n");
    expect(toCsv([])).toBe("");
  });
});

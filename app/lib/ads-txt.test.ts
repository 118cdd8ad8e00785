import { describe, expect, it } from "vitest";
import { adsTxtLineProblem, adsTxtProblem, normalizeAdsTxt } from "./ads-txt.ts";

describe("ads.txt lines (IAB ads.txt 1.1)", () => {
  it("takes records, with or without a certification authority ID, in any case", () => {
    expect(adsTxtLineProblem("google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0")).toBeNull();
    expect(adsTxtLineProblem("appnexus.com,1234,reseller")).toBeNull();
    expect(adsTxtLineProblem("  openx.com, 5379, RESELLER, 6a698e2ec38604c6  # via Mediavine")).toBeNull();
  });

  it("takes comments, variables and blank lines", () => {
    expect(adsTxtLineProblem("# ads.txt of Old Kitchen")).toBeNull();
    expect(adsTxtLineProblem("contact=ads@oldkitchen.example")).toBeNull();
    expect(adsTxtLineProblem("OWNERDOMAIN=oldkitchen.example")).toBeNull();
    expect(adsTxtLineProblem("   ")).toBeNull();
  });

  it("refuses a line broken in pasting, saying what is wrong", () => {
    expect(adsTxtLineProblem("google.com pub-1234, DIRECT")).toBe(
      '"google.com pub-1234" is not an ad system\'s domain (such as google.com)',
    );
    expect(adsTxtLineProblem("google.com, , DIRECT")).toBe("the publisher ID is missing");
    expect(adsTxtLineProblem("google.com, pub-1234")).toBe("the third field must be DIRECT or RESELLER");
    expect(adsTxtLineProblem("google.com, pub-1234, DIREKT")).toBe(
      "the third field must be DIRECT or RESELLER",
    );
    expect(adsTxtLineProblem("<script>alert(1)</script>")).not.toBeNull();
  });

  it("names the first bad line of a file, counting from 1", () => {
    const text = "# ours\ngoogle.com, pub-1, DIRECT\r\ngoogle.com pub-2 DIRECT\nnope\n";
    expect(adsTxtProblem(text)).toBe(
      'Line 3 of ads.txt is not a record: "google.com pub-2 DIRECT" is not an ad system\'s domain (such as google.com). A record reads "domain, publisher ID, DIRECT" (or RESELLER).',
    );
    expect(adsTxtProblem("google.com, pub-1, DIRECT\n")).toBeNull();
    expect(adsTxtProblem("")).toBeNull();
    expect(adsTxtProblem("google.com, pub-1, DIRECT\u0000")).toBe(
      "ads.txt may hold only text: it has control characters in it.",
    );
  });

  it("is served with Unix line ends, no trailing spaces and one final line end", () => {
    expect(normalizeAdsTxt("\r\n google.com, pub-1, DIRECT  \r\n\r\n# end\r\n\r\n")).toBe(
      " google.com, pub-1, DIRECT\n\n# end\n",
    );
    expect(normalizeAdsTxt("  \n\n")).toBe("");
  });
});

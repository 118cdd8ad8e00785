import { describe, expect, it } from "vitest";
import {
  htmlToLine,
  htmlToPlainText,
  RepairingUtf8Decoder,
  removeForbiddenXmlChars,
} from "./clean-text.server.ts";

function decodeInChunks(bytes: number[], size: number): { text: string; decoder: RepairingUtf8Decoder } {
  const decoder = new RepairingUtf8Decoder();
  let text = "";
  for (let i = 0; i < bytes.length; i += size)
    text += decoder.decode(Uint8Array.from(bytes.slice(i, i + size)));
  text += decoder.end();
  return { text, decoder };
}

describe("removeForbiddenXmlChars", () => {
  it("removes C0 controls but keeps tab, LF and CR", () => {
    expect(removeForbiddenXmlChars("a\u0001b\tc\nd\re\u001f\u000b")).toEqual({
      text: "ab\tc\nd\re",
      removed: 3,
    });
  });

  it("removes U+FFFE, U+FFFF and lone surrogates, keeps pairs", () => {
    const text = "x\uFFFEy\uFFFF\uD800z\uDC00😀";
    expect(removeForbiddenXmlChars(text)).toEqual({ text: "xyz😀", removed: 4 });
  });

  it("returns clean text untouched", () => {
    expect(removeForbiddenXmlChars("Crème brûlée – ☕")).toEqual({ text: "Crème brûlée – ☕", removed: 0 });
  });
});

describe("RepairingUtf8Decoder", () => {
  const bytes = (s: string) => [...Buffer.from(s, "utf8")];

  it("replaces ill-formed sequences with U+FFFD by maximal subparts and counts them", () => {
    // 80: lone continuation; E2 82: a cut sequence (one subpart); C0 AF: overlong (two).
    const input = [0x61, 0x80, 0x62, 0xe2, 0x82, 0x63, 0xc0, 0xaf, 0x64];
    const { text, decoder } = decodeInChunks(input, 64);
    expect(text).toBe("a\uFFFDb\uFFFDc\uFFFD\uFFFDd");
    expect(decoder.invalidSequences).toBe(4);
  });

  it("does not count a real U+FFFD in the file, even when its bytes are split between chunks", () => {
    const input = [...bytes("ok \uFFFD and \uFFFD"), 0xff];
    for (const size of [1, 2, 3, 4, 64]) {
      const { text, decoder } = decodeInChunks(input, size);
      expect(text).toBe("ok \uFFFD and \uFFFD\uFFFD");
      expect(decoder.invalidSequences).toBe(1);
    }
  });

  it("keeps a character whose bytes are split between chunks", () => {
    const { text, decoder } = decodeInChunks(bytes("Kyōto 😀 é"), 1);
    expect(text).toBe("Kyōto 😀 é");
    expect(decoder.invalidSequences).toBe(0);
  });

  it("replaces a sequence cut off by the end of the input", () => {
    const { text, decoder } = decodeInChunks([0x61, 0xf0, 0x9f], 64);
    expect(text).toBe("a\uFFFD");
    expect(decoder.invalidSequences).toBe(1);
  });

  it("removes and counts forbidden characters, and drops a byte order mark", () => {
    const { text, decoder } = decodeInChunks([0xef, 0xbb, 0xbf, ...bytes("a\u0000b\u0008c")], 2);
    expect(text).toBe("abc");
    expect(decoder.controlCharacters).toBe(2);
  });
});

describe("htmlToPlainText", () => {
  it("keeps paragraphs and line breaks, strips tags, decodes entities (a no-break space becomes a space)", () => {
    expect(
      htmlToPlainText("<p>One &amp; <strong>two</strong></p><p>Three<br/>four&nbsp;five&#8217;s</p>"),
    ).toBe("One & two\n\nThree\nfour five’s");
  });

  it("keeps a commenter's own line breaks and drops scripts and comments", () => {
    expect(htmlToPlainText("Hi,\r\nthanks!<script>alert(1)</script><!-- x -->")).toBe("Hi,\nthanks!");
  });

  it("leaves an unknown entity and a lone < as written", () => {
    expect(htmlToPlainText("a &bogus; 3 < 4")).toBe("a &bogus; 3 < 4");
  });

  it("drops references to characters XML forbids", () => {
    expect(htmlToPlainText("a&#1;b&#xD800;c")).toBe("abc");
  });
});

describe("htmlToLine", () => {
  it("makes one line", () => {
    expect(htmlToLine("<p>Toss.</p>\n<p>Serve.</p>")).toBe("Toss. Serve.");
  });
});

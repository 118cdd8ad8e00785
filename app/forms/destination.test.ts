import { describe, expect, it } from "vitest";
import { destinationFields, destinationSchema } from "./destination.ts";
import { parseValues } from "./parse.ts";

const form = (extra: Record<string, unknown> = {}) => ({
  name: "Porto, Portugal",
  short: "Tiles, port wine and the Douro.",
  description: "",
  highlightName: [],
  highlightImage: [],
  location: "Portugal",
  bestTime: "May to September",
  theme: "City",
  tag: "",
  latitude: "",
  longitude: "",
  imageAlt: "",
  ...extra,
});

describe("the destination form", () => {
  it("accepts the spec's fields and joins the highlight rows", () => {
    const read = parseValues(
      destinationSchema,
      form({
        tag: "trending",
        latitude: "41.1579",
        longitude: "-8.6291",
        highlightName: ["Ribeira", ""],
        highlightImage: ["https://example.com/ribeira.jpg", ""],
      }),
    );
    if (!read.ok) throw new Error(read.summary);
    expect(destinationFields(read.data)).toMatchObject({
      name: "Porto, Portugal",
      tag: "trending",
      latitude: 41.1579,
      longitude: -8.6291,
      highlights: [{ name: "Ribeira", image: "https://example.com/ribeira.jpg" }],
    });
  });

  it("refuses bad input with a message under the field", () => {
    const refused = (extra: Record<string, unknown>) => {
      const read = parseValues(destinationSchema, form(extra));
      if (read.ok) throw new Error(`accepted ${JSON.stringify(extra)}`);
      return read.fieldErrors;
    };
    expect(refused({ latitude: "200", longitude: "10" }).latitude).toBe(
      "Latitude must be a number from -90 to 90 (north is positive).",
    );
    expect(refused({ latitude: "10", longitude: "-181" }).longitude).toBe(
      "Longitude must be a number from -180 to 180 (east is positive).",
    );
    expect(refused({ latitude: "10" }).longitude).toBe("Give both latitude and longitude, or neither.");
    expect(refused({ name: "!!!" }).name).toContain("cannot be part of an address");
    expect(refused({ name: " , " }).name).toBe(
      "Name needs at least one letter or digit: the address is made from it.",
    );
    expect(refused({ name: "" }).name).toBe("Name is required.");
    expect(refused({ short: "" }).short).toBe("Short is required.");
    expect(refused({ tag: "popular" }).tag).toBe("Choose Trending or None.");
    const many = Array.from({ length: 1000 }, (_, i) => `H${i}`);
    expect(
      refused({ highlightName: many, highlightImage: many.map(() => "https://x.test/a.jpg") }).highlights,
    ).toBe("A destination can have at most 12 highlights.");
    expect(refused({ highlightName: ["A"], highlightImage: ["nope"] }).highlights).toContain(
      "Highlight 1's image",
    );
  });
});

/**
 * The newsletter mail as a reader's mail program draws it: a realistic mail (a long title, a wide
 * image, a long unbroken URL, a table, a quote, a code block, a featured recipe) in Chromium at
 * the mail's own width and a phone's. Nothing may stick out sideways, axe finds nothing, and in
 * dark mode the text stays readable. Every image is served from here: nothing leaves the machine.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterMail } from "#app/server/newsletter/newsletter-mail.server.tsx";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/support/chromium.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** A shared-album link: its long id has no place a line may break. */
const LONG_URL =
  "https://photos.example/share/AF1QipN3x8mZkq7TbY2rLw9VhJc4uQe6sPd5gHn0oKjM1fR8tXyWvBzCa2LmEi7UoS3DqNp?key=Zm9vYmFyYmF6cXV4cXV1eHF1dXpfa3lvdG9fZ2lvbl9kYXdu";

const BLOG_HTML = [
  "<p>Kyoto is <strong>at its best at dawn</strong>, before the tour buses, when the tofu shops lift their shutters. Here is how we spent three slow days there, and what we ate.</p>",
  `<p>All our photos of the trip are in one album: ${LONG_URL}</p>`,
  `<p>Or open <a href="${LONG_URL}">${LONG_URL}</a> to see them full size.</p>`,
  '<figure><img src="/uploads/gion-1600.webp" srcset="/uploads/gion-480.webp 480w, /uploads/gion-960.webp 960w, /uploads/gion-1600.webp 1600w" sizes="(min-width: 768px) 720px, 100vw" alt="A lane in Gion at dawn, lanterns still lit" width="1600" height="1000" loading="lazy" decoding="async"><figcaption>Gion at six in the morning.</figcaption></figure>',
  "<h2>Three days, three neighbourhoods</h2>",
  "<table><thead><tr><th>Day</th><th>Neighbourhood</th><th>Where we ate</th></tr></thead><tbody>",
  "<tr><td>1</td><td>Higashiyama and Gion</td><td>Okutan, the yudofu house by Nanzen-ji that has served tofu since 1635</td></tr>",
  "<tr><td>2</td><td>Arashiyama</td><td>Shoraian (booking reference SHRN20260304KYT1230WINDOW)</td></tr>",
  "<tr><td>3</td><td>Demachiyanagi</td><td>Demachi Futaba (queue before nine)</td></tr>",
  "</tbody></table>",
  "<blockquote><p>Walk until you are lost, then walk a little further: that is where Kyoto keeps its quiet.</p></blockquote>",
  "<h3>Getting the rail pass</h3>",
  "<pre><code>jr-pass activate --from 2026-03-03 --days 7 --route tokaido-shinkansen,nara-line,sagano-line --reservation-code ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789</code></pre>",
  '<ul><li>Buy a <a href="/recipes/yudofu">yudofu</a> lunch near Nanzen-ji.</li><li>Carry coins for the temple gates.</li></ul>',
  '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315"></iframe>',
].join("");

const MAIL = {
  site: {
    name: "Wanderplate",
    url: "https://blog.example/",
    address: "12 Rua Augusta\n1100-053 Lisbon, Portugal",
  },
  blog: {
    title:
      "Three days in Kyoto's back streets: tofu at dawn, temples before the crowds, and the quiet art of getting lost on purpose",
    url: "https://blog.example/blogs/three-days-in-kyotos-back-streets",
    html: BLOG_HTML,
    excerpt: "Dawn walks, tofu and temples: how we spent three slow days in Kyoto, and what we ate.",
    author: "Ana Silva",
    date: "March 3, 2026",
    imageUrl: "https://blog.example/uploads/hero-1600.webp",
    imageAlt: "A wooden street in Kyoto at dawn",
  },
  recipe: {
    title: "Yudofu: tofu simmered in kombu broth",
    url: "https://blog.example/recipes/yudofu",
    short: "Kyoto's winter comfort: silken tofu warmed in kelp broth, dipped in ponzu.",
    imageUrl: "https://blog.example/uploads/yudofu-960.webp",
    imageAlt: "Tofu in a clay pot",
    totalMinutes: 35,
    servings: 4,
  },
  fullText: true,
};

/** A photo-sized picture: every image of the mail is drawn at 1600 × 1000, the widest there is. */
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#7a5c3e"/></svg>`;

let browser: Browser;
/** The mail with the whole text, and the one with the excerpt and its button. */
let html: string;
let excerptHtml: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
  const unsubscribeUrl = "https://blog.example/unsubscribe?token=t0k3n";
  html = (await newsletterMail({ ...MAIL, unsubscribeUrl })).html;
  excerptHtml = (await newsletterMail({ ...MAIL, fullText: false, unsubscribeUrl })).html;
});

afterAll(async () => {
  await browser?.close();
});

async function open(source: string, width: number, colorScheme: "light" | "dark"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  await context.route("**/*", (route) =>
    route.request().resourceType() === "image"
      ? route.fulfill({ contentType: "image/svg+xml", body: PICTURE })
      : route.abort(),
  );
  const page = await context.newPage();
  await page.setContent(source, { waitUntil: "load" });
  return page;
}

/**
 * What sticks out past the right or left edge of the screen: elements, and runs of text (which a
 * box with `overflow: hidden` would otherwise cut off unseen), with the page's scroll width.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = (box: DOMRect) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    const where = (box: DOMRect) => `${Math.round(box.left)}–${Math.round(box.right)}px`;
    const wide = [...document.body.querySelectorAll("*")]
      .map((e) => ({ e, box: e.getBoundingClientRect() }))
      .filter(({ box }) => outside(box))
      .map(({ e, box }) => `${e.tagName.toLowerCase()} ${where(box)}`);
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (outside(box)) wide.push(`text "${node.textContent?.trim().slice(0, 30)}" ${where(box)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

/**
 * Each element holding visible text: its colour, the colour drawn behind it (the nearest
 * background that is not transparent: the mail's own, never the mail program's) and their WCAG
 * contrast ratio; and the luminance of the page's background.
 */
function textColours(page: Page) {
  return page.evaluate(() => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = rgb(css).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = (e: Element | null): string | null => {
      for (let at = e; at; at = at.parentElement) {
        const bg = getComputedStyle(at).backgroundColor;
        if ((rgb(bg)[3] ?? 1) > 0) return bg;
      }
      return null;
    };
    const texts = [...document.body.querySelectorAll("*")]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((e) => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== "hidden")
      .map((e) => {
        const color = getComputedStyle(e).color;
        const behind = background(e);
        const [light, dark] = [luminance(color), luminance(behind ?? "")].sort((a, b) => b - a);
        return {
          text: (e.textContent ?? "").trim().slice(0, 40),
          color,
          background: behind,
          contrast: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05),
        };
      });
    return { texts, pageLuminance: luminance(background(document.body.querySelector("td")) ?? "") };
  });
}

/**
 * Two page rules are left out: every content must sit in a landmark, and a page must have one
 * `main`. A mail is not a page: a webmail shows it inside its own `main`, so it wraps itself in an
 * `article` named as an email instead (the mail's own convention, newsletter-mail.server.tsx).
 */
const PAGE_RULES = ["region", "landmark-one-main"];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).disableRules(PAGE_RULES).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}`),
  );
}

describe.each([600, 375])("the newsletter mail at %i px", (width) => {
  it("fits the screen: no sideways scrolling, no element wider than the screen", async () => {
    for (const source of [html, excerptHtml]) {
      const page = await open(source, width, "light");
      const images = await page
        .locator("img")
        .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.naturalWidth));
      // The images really were drawn (at 1600 px natural width), so the test measures them.
      expect(images.length).toBeGreaterThan(0);
      expect(images.every((w) => w === 1600)).toBe(true);
      const { scrollWidth, wide } = await overflow(page);
      expect(wide).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await page.context().close();
    }
  });

  it("has nothing axe finds wrong, in light and dark mode", async () => {
    for (const scheme of ["light", "dark"] as const) {
      for (const source of [html, excerptHtml]) {
        const page = await open(source, width, scheme);
        expect(await axeViolations(page), `${scheme} mode`).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("stays readable in dark mode: a dark page, and every text far from its background", async () => {
    const page = await open(html, width, "dark");
    const { texts, pageLuminance } = await textColours(page);
    expect(texts.length).toBeGreaterThan(20);
    // The dark palette took effect, every text is on a background of the mail's own, and none is
    // the colour of what is behind it.
    expect(pageLuminance).toBeLessThan(0.05);
    expect(texts.filter((t) => t.background === null)).toEqual([]);
    expect(texts.filter((t) => t.color === t.background)).toEqual([]);
    expect(texts.filter((t) => t.contrast < 4.5)).toEqual([]);
    await page.context().close();
  });
});

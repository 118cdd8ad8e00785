import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { type NewsletterMailInput, newsletterMail } from "./newsletter-mail.server.tsx";
import { personalise, UNSUBSCRIBE_URL_PLACEHOLDER } from "./personalise.server.ts";

type Recipe = NonNullable<NewsletterMailInput["recipe"]>;

const recipe: Recipe = {
  title: "Yudofu",
  url: "https://blog.example/recipes/yudofu",
  short: "Tofu simmered in kombu broth.",
  imageUrl: "https://blog.example/uploads/tofu-960.webp",
  imageAlt: "Tofu in a clay pot",
  totalMinutes: 90,
  servings: 4,
};

function mailInput(overrides: Partial<NewsletterMailInput> = {}): NewsletterMailInput {
  return {
    site: { name: "Wanderplate", url: "https://blog.example/", address: "12 Rua Augusta\n1100-053 Lisbon" },
    blog: {
      title: "Three days in Kyoto",
      url: "https://blog.example/blogs/three-days-in-kyoto",
      html: '<p>Kyoto is <strong>best</strong> at dawn: try <a href="/recipes/yudofu">the yudofu</a>.</p><h2>Getting there</h2><p>By train.</p>',
      excerpt: "Dawn walks, tofu and temples.",
      author: "Ana Silva",
      date: "March 3, 2026",
      imageUrl: "https://blog.example/uploads/hero-960.webp",
      imageAlt: "A lane in Gion at dawn",
    },
    recipe,
    fullText: true,
    unsubscribeUrl: UNSUBSCRIBE_URL_PLACEHOLDER,
    ...overrides,
  };
}

const withBlog = (blog: Partial<NewsletterMailInput["blog"]>) =>
  mailInput({ blog: { ...mailInput().blog, ...blog } });

function dom(html: string) {
  const children = parseDocument(html).children;
  const all = (tag: string) => DomUtils.findAll((e) => e.name === tag, children);
  return {
    all,
    texts: (tag: string) => all(tag).map((e) => DomUtils.textContent(e).replace(/\s+/g, " ").trim()),
    link: (text: string) => all("a").find((a) => DomUtils.textContent(a).trim() === text)?.attribs.href,
    /** The visible text of the body (the hidden preview left out). */
    bodyText: () =>
      DomUtils.textContent(all("body")).replace(DomUtils.textContent(previewOf(all("div"))), ""),
  };
}

const previewOf = (divs: ReturnType<ReturnType<typeof dom>["all"]>) =>
  divs.filter((d) => d.attribs["data-skip-in-text"] === "true");

describe("newsletterMail: the HTML", () => {
  it("shows the site's name linked to the site, the featured image, the title, author and date", async () => {
    const { html } = await newsletterMail(mailInput());
    const page = dom(html);
    expect(page.all("a")[0]?.attribs.href).toBe("https://blog.example/");
    expect(page.texts("a")[0]).toBe("Wanderplate");
    const hero = page.all("img")[0]?.attribs;
    expect(hero).toMatchObject({
      src: "https://blog.example/uploads/hero-960.webp",
      alt: "A lane in Gion at dawn",
      width: "600",
    });
    expect(hero?.style).toContain("max-width:100%");
    expect(hero?.style).toContain("height:auto");
    expect(page.texts("h1")).toEqual(["Three days in Kyoto"]);
    expect(page.texts("p")).toContain("By Ana Silva · March 3, 2026");
    expect(page.texts("title")).toEqual(["Three days in Kyoto"]);
  });

  it("with the full text: the blog's HTML made mail-safe, and a plain link to the blog", async () => {
    const { html } = await newsletterMail(mailInput());
    const page = dom(html);
    expect(page.link("the yudofu")).toBe("https://blog.example/recipes/yudofu");
    expect(page.texts("h2")).toContain("Getting there");
    expect(page.link("Read on the site")).toBe("https://blog.example/blogs/three-days-in-kyoto");
    expect(page.bodyText()).not.toContain("Dawn walks, tofu and temples.");
  });

  it("with the excerpt only: the excerpt and a 'Read on the site' button, none of the blog's text", async () => {
    const { html } = await newsletterMail(mailInput({ fullText: false }));
    const page = dom(html);
    expect(page.texts("p")).toContain("Dawn walks, tofu and temples.");
    expect(page.link("Read on the site")).toBe("https://blog.example/blogs/three-days-in-kyoto");
    expect(page.all("a").find((a) => a.attribs.class === "wanderplate-button")?.attribs.href).toBe(
      "https://blog.example/blogs/three-days-in-kyoto",
    );
    expect(page.bodyText()).not.toContain("Kyoto is best at dawn");
    expect(page.texts("h2")).not.toContain("Getting there");
  });

  it("names its own classes with our prefix, never WordPress's wp-, and styles each one it uses", async () => {
    for (const input of [mailInput(), mailInput({ fullText: false })]) {
      const { html } = await newsletterMail(input);
      const elements = DomUtils.findAll(
        (e) => typeof e.attribs.class === "string",
        parseDocument(html).children,
      );
      const used = new Set(elements.flatMap((e) => (e.attribs.class ?? "").split(/\s+/).filter(Boolean)));
      const styled = new Set(
        [
          ...dom(html)
            .texts("style")
            .join("\n")
            .matchAll(/\.([a-z][\w-]*)/g),
        ].map((m) => m[1] as string),
      );
      expect(used.size).toBeGreaterThan(5);
      for (const name of [...used, ...styled]) expect(name).toMatch(/^wanderplate-[a-z]+$/);
      for (const name of used) expect(styled, name).toContain(name);
    }
  });

  it("hides the excerpt as the inbox preview", async () => {
    const { html } = await newsletterMail(mailInput());
    const [preview] = previewOf(dom(html).all("div"));
    expect(DomUtils.textContent(preview ?? [])).toContain("Dawn walks, tofu and temples.");
    expect(preview?.attribs.style).toContain("display:none");
  });
});

describe("newsletterMail: the HTML's recipe card, byline, image, footer and colours", () => {
  it("shows the featured recipe: image, title, short text, time and servings, and its link", async () => {
    const { html } = await newsletterMail(mailInput());
    const page = dom(html);
    expect(page.all("img")[1]?.attribs).toMatchObject({
      src: "https://blog.example/uploads/tofu-960.webp",
      alt: "Tofu in a clay pot",
    });
    expect(page.texts("h2")).toContain("Yudofu");
    expect(page.texts("p")).toEqual(
      expect.arrayContaining(["Tofu simmered in kombu broth.", "Total 1 h 30 min · Serves 4"]),
    );
    expect(page.link("See the recipe")).toBe("https://blog.example/recipes/yudofu");
  });

  it("says only the recipe facts it knows, and shows no card without a recipe", async () => {
    const servingsOnly = dom(
      (await newsletterMail(mailInput({ recipe: { ...recipe, totalMinutes: null, imageUrl: null } }))).html,
    );
    expect(servingsOnly.texts("p")).toContain("Serves 4");
    expect(servingsOnly.bodyText()).not.toContain("Total");
    expect(servingsOnly.all("img")).toHaveLength(1);

    const none = dom(
      (await newsletterMail(mailInput({ recipe: { ...recipe, servings: null, totalMinutes: null } }))).html,
    );
    expect(none.bodyText()).not.toMatch(/Total|Serves/);

    const noRecipe = dom((await newsletterMail(mailInput({ recipe: null }))).html);
    expect(noRecipe.link("See the recipe")).toBeUndefined();
    expect(noRecipe.bodyText()).not.toContain("Featured recipe");
  });

  it("shows the date alone when the blog names no author", async () => {
    const mail = await newsletterMail(withBlog({ author: "" }));
    expect(dom(mail.html).texts("p")).toContain("March 3, 2026");
    expect(mail.text).toContain("Three days in Kyoto\nMarch 3, 2026\n");
    expect(mail.text).not.toContain("By Ana");
  });

  it("shows no image when the blog has none", async () => {
    const { html } = await newsletterMail({ ...withBlog({ imageUrl: null }), recipe: null });
    expect(dom(html).all("img")).toEqual([]);
  });

  it("ends with why the reader gets it, a visible unsubscribe link, the site's name and address", async () => {
    const { html } = await newsletterMail(
      mailInput({ unsubscribeUrl: "https://blog.example/unsubscribe?t=abc" }),
    );
    const page = dom(html);
    expect(page.texts("p")).toContain(
      "You are receiving this because you subscribed to Wanderplate. Unsubscribe",
    );
    expect(page.link("Unsubscribe")).toBe("https://blog.example/unsubscribe?t=abc");
    expect(page.texts("p").at(-1)).toBe("Wanderplate12 Rua Augusta1100-053 Lisbon");
    const noAddress = dom(
      (await newsletterMail(mailInput({ site: { ...mailInput().site, address: "" } }))).html,
    );
    expect(noAddress.texts("p").at(-1)).toBe("Wanderplate");
  });

  it("escapes what the blog's facts hold", async () => {
    const { html, subject } = await newsletterMail(
      withBlog({ title: 'Tom & Jerry <script>alert("x")</script>', author: "<b>Ana</b>" }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Ana</b>");
    expect(dom(html).texts("h1")).toEqual(['Tom & Jerry <script>alert("x")</script>']);
    expect(subject).toBe('Tom & Jerry <script>alert("x")</script>');
  });

  it("gives every text element its own colour, and a dark palette to clients that ask for one", async () => {
    const { html } = await newsletterMail(mailInput());
    const page = dom(html);
    const uncoloured = ["h1", "h2", "p", "a", "li"]
      .flatMap((tag) => page.all(tag))
      .filter((e) => !/(^|;)color:/.test(e.attribs.style ?? ""))
      .map((e) => `${e.name}: ${DomUtils.textContent(e).slice(0, 30)}`);
    expect(uncoloured).toEqual([]);
    const metas = page.all("meta").map((m) => [m.attribs.name, m.attribs.content]);
    expect(metas).toEqual(
      expect.arrayContaining([
        ["color-scheme", "light dark"],
        ["supported-color-schemes", "light dark"],
      ]),
    );
    expect(page.texts("style")[0]).toContain("@media (prefers-color-scheme: dark)");
  });
});

describe("newsletterMail: subject and plain text", () => {
  it("takes the blog's title, on one line, as the subject", async () => {
    const { subject } = await newsletterMail(withBlog({ title: "Three days\nin  Kyoto" }));
    expect(subject).toBe("Three days in Kyoto");
  });

  it("writes the whole mail as readable text, links as 'text (url)'", async () => {
    const { text } = await newsletterMail(mailInput());
    expect(text).toBe(
      [
        "Wanderplate",
        "",
        "Three days in Kyoto",
        "By Ana Silva · March 3, 2026",
        "",
        "Kyoto is best at dawn: try the yudofu (https://blog.example/recipes/yudofu).",
        "",
        "",
        "Getting there",
        "",
        "By train.",
        "",
        "Read on the site: https://blog.example/blogs/three-days-in-kyoto",
        "",
        "Featured recipe: Yudofu",
        "Tofu simmered in kombu broth.",
        "Total 1 h 30 min · Serves 4",
        "See the recipe: https://blog.example/recipes/yudofu",
        "",
        "--",
        "You are receiving this because you subscribed to Wanderplate.",
        `Unsubscribe: ${UNSUBSCRIBE_URL_PLACEHOLDER}`,
        "Wanderplate",
        "12 Rua Augusta",
        "1100-053 Lisbon",
      ].join("\n"),
    );
  });

  it("with the excerpt only, the text says the excerpt and not the blog's text", async () => {
    const { text } = await newsletterMail(mailInput({ fullText: false, recipe: null }));
    expect(text).toContain(
      "By Ana Silva · March 3, 2026\n\nDawn walks, tofu and temples.\n\nRead on the site: ",
    );
    expect(text).not.toContain("Kyoto is best");
    expect(text).not.toContain("Featured recipe");
  });
});

describe("the unsubscribe placeholder and personalise", () => {
  it("puts the placeholder only where the unsubscribe link goes: once in the HTML, once in the text", async () => {
    const mail = await newsletterMail(mailInput());
    expect(mail.html.split(UNSUBSCRIBE_URL_PLACEHOLDER)).toHaveLength(2);
    expect(mail.text.split(UNSUBSCRIBE_URL_PLACEHOLDER)).toHaveLength(2);
    expect(dom(mail.html).link("Unsubscribe")).toBe(UNSUBSCRIBE_URL_PLACEHOLDER);
  });

  it("swaps in a reader's own link: escaped in the HTML, as it is in the text", async () => {
    const mail = await newsletterMail(mailInput());
    const url = "https://blog.example/unsubscribe?token=a1&list=news";
    const own = personalise(mail, url);
    expect(own.subject).toBe(mail.subject);
    expect(own.html).not.toContain(UNSUBSCRIBE_URL_PLACEHOLDER);
    expect(own.html).toContain('href="https://blog.example/unsubscribe?token=a1&amp;list=news"');
    expect(dom(own.html).link("Unsubscribe")).toBe(url);
    expect(own.text).toContain(`Unsubscribe: ${url}\n`);
    expect(own.text).not.toContain(UNSUBSCRIBE_URL_PLACEHOLDER);
  });

  it("is the same mail as one rendered with the reader's link in the first place", async () => {
    const url = "https://blog.example/unsubscribe?token=a1&list=news";
    const direct = await newsletterMail(mailInput({ unsubscribeUrl: url }));
    expect(personalise(await newsletterMail(mailInput()), url)).toEqual(direct);
  });

  it("replaces every occurrence", () => {
    const twice = {
      subject: "s",
      text: `${UNSUBSCRIBE_URL_PLACEHOLDER} ${UNSUBSCRIBE_URL_PLACEHOLDER}`,
      html: "",
    };
    expect(personalise(twice, "https://x.example/u").text).toBe("https://x.example/u https://x.example/u");
  });
});

/**
 * The newsletter mail of a published blog: the facts in, subject and plain-text and HTML bodies
 * out (docs/decisions/020-newsletter-mail.md). Rendered once per send with the unsubscribe
 * placeholder; `personalise` (personalise.server.ts) then puts each reader's own link in.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render, toPlainText } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { readableDuration } from "#app/lib/durations.ts";
import type { MailContent } from "#app/server/mail/templates.server.ts";
import { oneLine } from "#app/server/mail/templates.server.ts";
import { CONTENT_CLASS, DARK, LIGHT, mailSafeHtml } from "./email-html.server.ts";

export interface NewsletterMailInput {
  site: {
    name: string;
    /** Absolute origin with a trailing slash, e.g. https://blog.example/ */
    url: string;
    /** Postal or free-text address, may be "". */
    address: string;
  };
  blog: {
    title: string;
    /** Absolute. */
    url: string;
    /** Stored sanitized blog HTML: may hold relative /uploads/... image src/srcset and relative links. */
    html: string;
    excerpt: string;
    author: string;
    /** Already formatted, e.g. "March 3, 2026". */
    date: string;
    /** Absolute, ~1200px wide. */
    imageUrl: string | null;
    imageAlt: string;
  };
  recipe: {
    title: string;
    url: string;
    short: string;
    imageUrl: string | null;
    imageAlt: string;
    totalMinutes: number | null;
    servings: number | null;
  } | null;
  /** true: the whole text; false: the excerpt and a "Read on the site" link. */
  fullText: boolean;
  /** Absolute unsubscribe URL. The sender renders once per send with UNSUBSCRIBE_URL_PLACEHOLDER (personalise.server.ts) and swaps in each reader's own link. */
  unsubscribeUrl: string;
}

const SANS = "-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const SERIF = "Georgia,'Times New Roman',serif";

/**
 * The head's styles, for the clients that honour them (Apple Mail, iOS, Outlook for Mac, some
 * webmail): the dark palette over the inline light one, and a smaller title on a phone. The others
 * show the light mail, or invert it themselves; every text element has its own colour, so either
 * way text and background stay apart.
 */
const HEAD_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .wanderplate-page, .wanderplate-page > table > tbody > tr > td { background-color: ${DARK.page} !important; }
  .wanderplate-card { background-color: ${DARK.card} !important; }
  .wanderplate-panel { background-color: ${DARK.panel} !important; border-color: ${DARK.border} !important; }
  .wanderplate-text, .${CONTENT_CLASS}, .${CONTENT_CLASS} * { color: ${DARK.ink} !important; }
  .wanderplate-muted, .${CONTENT_CLASS} figcaption, .${CONTENT_CLASS} caption { color: ${DARK.muted} !important; }
  .wanderplate-link, .${CONTENT_CLASS} a, .${CONTENT_CLASS} a * { color: ${DARK.link} !important; }
  .${CONTENT_CLASS} pre, .${CONTENT_CLASS} code, .${CONTENT_CLASS} th { background-color: ${DARK.code} !important; }
  .${CONTENT_CLASS} td, .${CONTENT_CLASS} th, .${CONTENT_CLASS} hr, .wanderplate-rule { border-color: ${DARK.border} !important; }
  .wanderplate-button { background-color: ${DARK.link} !important; color: ${DARK.buttonText} !important; }
}
@media (max-width: 480px) {
  .wanderplate-title { font-size: 26px !important; }
}`;

const text = (size: number, color: string = LIGHT.ink): CSSProperties => ({
  fontFamily: SANS,
  fontSize: `${size}px`,
  lineHeight: 1.6,
  color,
  wordBreak: "break-word",
  overflowWrap: "break-word",
});

const link: CSSProperties = { color: LIGHT.link, textDecoration: "underline" };

/** "Total 1 h 30 min · Serves 4", the parts that are known. */
function recipeFacts(recipe: NonNullable<NewsletterMailInput["recipe"]>): string {
  return [
    recipe.totalMinutes !== null ? `Total ${readableDuration(recipe.totalMinutes)}` : "",
    recipe.servings !== null ? `Serves ${recipe.servings}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function byline(blog: NewsletterMailInput["blog"]): string {
  return [blog.author ? `By ${blog.author}` : "", blog.date].filter(Boolean).join(" · ");
}

function ReadOnSite({ url }: { url: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={url}
        className="wanderplate-button"
        style={{
          backgroundColor: LIGHT.link,
          color: LIGHT.buttonText,
          fontFamily: SANS,
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: 1.25,
          padding: "12px 20px",
          borderRadius: "8px",
          textDecoration: "none",
        }}
      >
        Read on the site
      </Button>
    </Section>
  );
}

function RecipeCard({ recipe }: { recipe: NonNullable<NewsletterMailInput["recipe"]> }) {
  const facts = recipeFacts(recipe);
  return (
    <Section
      className="wanderplate-panel"
      style={{
        margin: "8px 0 8px",
        backgroundColor: LIGHT.panel,
        border: `1px solid ${LIGHT.border}`,
        borderRadius: "12px",
        borderCollapse: "separate",
        overflow: "hidden",
      }}
    >
      {recipe.imageUrl ? (
        <Img
          src={recipe.imageUrl}
          alt={recipe.imageAlt}
          width="550"
          style={{ width: "100%", maxWidth: "100%", height: "auto" }}
        />
      ) : null}
      <Section style={{ padding: "16px 20px 20px" }}>
        <Text
          className="wanderplate-muted"
          style={{ ...text(13, LIGHT.muted), margin: "0 0 4px", fontWeight: 600 }}
        >
          Featured recipe
        </Text>
        <Heading
          as="h2"
          className="wanderplate-text"
          style={{ ...text(22), fontFamily: SERIF, lineHeight: 1.3, fontWeight: 600, margin: "0 0 8px" }}
        >
          {recipe.title}
        </Heading>
        {recipe.short ? (
          <Text className="wanderplate-text" style={{ ...text(16), margin: "0 0 8px" }}>
            {recipe.short}
          </Text>
        ) : null}
        {facts ? (
          <Text className="wanderplate-muted" style={{ ...text(14, LIGHT.muted), margin: "0 0 12px" }}>
            {facts}
          </Text>
        ) : null}
        <Link
          href={recipe.url}
          className="wanderplate-link"
          style={{ ...link, ...text(16, LIGHT.link), fontWeight: 600 }}
        >
          See the recipe
        </Link>
      </Section>
    </Section>
  );
}

function Footer({ site, unsubscribeUrl }: Pick<NewsletterMailInput, "site" | "unsubscribeUrl">) {
  const small = { ...text(13, LIGHT.muted), margin: "0 0 8px" };
  const addressLines = site.address.split(/\r?\n/).filter((line) => line.trim());
  return (
    <Section style={{ padding: "0 24px 24px" }}>
      <Hr
        className="wanderplate-rule"
        style={{ borderTop: `1px solid ${LIGHT.border}`, margin: "8px 0 16px" }}
      />
      <Text className="wanderplate-muted" style={small}>
        You are receiving this because you subscribed to {site.name}.{" "}
        <Link href={unsubscribeUrl} className="wanderplate-link" style={{ ...link, fontWeight: 600 }}>
          Unsubscribe
        </Link>
      </Text>
      <Text className="wanderplate-muted" style={small}>
        {site.name}
        {addressLines.map((line, i) => (
          <span key={i}>
            <br />
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

function NewsletterMail({ site, blog, recipe, fullText, unsubscribeUrl }: NewsletterMailInput): ReactNode {
  const meta = byline(blog);
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{oneLine(blog.title)}</title>
        <style>{HEAD_CSS}</style>
      </Head>
      <Body
        className="wanderplate-page"
        style={{ backgroundColor: LIGHT.page, margin: 0, padding: "16px 0" }}
      >
        <Preview>{blog.excerpt}</Preview>
        {/* How a mail says what it is to a screen reader inside a webmail page, which has its own
            landmarks (a `main` here would be the page's second). */}
        {/* biome-ignore lint/a11y/useSemanticElements: mail programs drop or restyle <article>; the role is the mail convention */}
        <div role="article" aria-roledescription="email" aria-label={oneLine(blog.title)} lang="en" dir="ltr">
          <Container
            className="wanderplate-card"
            style={{
              maxWidth: "600px",
              backgroundColor: LIGHT.card,
              borderRadius: "12px",
              overflow: "hidden",
            }}
          >
            <Section style={{ padding: "16px 24px" }}>
              <Link
                href={site.url}
                className="wanderplate-text"
                style={{ ...text(18), fontFamily: SERIF, fontWeight: 700, textDecoration: "none" }}
              >
                {site.name}
              </Link>
            </Section>
            {blog.imageUrl ? (
              <Img
                src={blog.imageUrl}
                alt={blog.imageAlt}
                width="600"
                style={{ width: "100%", maxWidth: "100%", height: "auto" }}
              />
            ) : null}
            <Section style={{ padding: "24px 24px 8px" }}>
              <Heading
                as="h1"
                className="wanderplate-text wanderplate-title"
                style={{
                  ...text(30),
                  fontFamily: SERIF,
                  lineHeight: 1.2,
                  fontWeight: 700,
                  margin: "0 0 8px",
                }}
              >
                {blog.title}
              </Heading>
              {meta ? (
                <Text className="wanderplate-muted" style={{ ...text(14, LIGHT.muted), margin: "0 0 24px" }}>
                  {meta}
                </Text>
              ) : null}
              {fullText ? (
                <>
                  <div
                    className={CONTENT_CLASS}
                    style={text(17)}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: mailSafeHtml re-sanitizes the stored, sanitized HTML
                    dangerouslySetInnerHTML={{ __html: mailSafeHtml(blog.html, site.url) }}
                  />
                  <Text className="wanderplate-text" style={{ ...text(15), margin: "8px 0 24px" }}>
                    <Link href={blog.url} className="wanderplate-link" style={link}>
                      Read on the site
                    </Link>{" "}
                    for comments and the latest version.
                  </Text>
                </>
              ) : (
                <>
                  <Text className="wanderplate-text" style={{ ...text(17), margin: "0 0 16px" }}>
                    {blog.excerpt}
                  </Text>
                  <ReadOnSite url={blog.url} />
                </>
              )}
              {recipe ? <RecipeCard recipe={recipe} /> : null}
            </Section>
            <Footer site={site} unsubscribeUrl={unsubscribeUrl} />
          </Container>
        </div>
      </Body>
    </Html>
  );
}

/**
 * The plain-text body: the blog's HTML as text (links written `text (url)`, headings as they are),
 * and every link the HTML has, written out.
 */
function plainText(input: NewsletterMailInput): string {
  const { site, blog, recipe } = input;
  const body = input.fullText
    ? toPlainText(mailSafeHtml(blog.html, site.url), {
        selectors: [
          { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
          ...["h2", "h3", "h4"].map((selector) => ({ selector, options: { uppercase: false } })),
          { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
        ],
      })
    : blog.excerpt;
  const facts = recipe ? recipeFacts(recipe) : "";
  const sections = [
    site.name,
    [blog.title, byline(blog)].filter(Boolean).join("\n"),
    body,
    `Read on the site: ${blog.url}`,
    recipe
      ? [`Featured recipe: ${recipe.title}`, recipe.short, facts, `See the recipe: ${recipe.url}`]
          .filter(Boolean)
          .join("\n")
      : "",
    [
      "--",
      `You are receiving this because you subscribed to ${site.name}.`,
      `Unsubscribe: ${input.unsubscribeUrl}`,
      site.name,
      site.address.trim(),
    ]
      .filter(Boolean)
      .join("\n"),
  ];
  return sections.filter(Boolean).join("\n\n");
}

/** The mail a subscriber gets when a blog is published with "Send to subscribers". */
export async function newsletterMail(input: NewsletterMailInput): Promise<MailContent> {
  return {
    subject: oneLine(input.blog.title),
    text: plainText(input),
    html: await render(<NewsletterMail {...input} />),
  };
}

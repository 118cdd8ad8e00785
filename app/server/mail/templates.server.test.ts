import { describe, expect, it } from "vitest";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { retryDelaySeconds } from "./outbox.server.ts";
import { confirmSignupMail, notificationMail, oneLine, passwordResetMail } from "./templates.server.ts";

describe("escapeHtml and oneLine", () => {
  it("escapes the five characters HTML gives meaning", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("flattens line breaks and cuts long text with an ellipsis", () => {
    expect(oneLine("Hello\r\n  there\tfriend")).toBe("Hello there friend");
    expect(oneLine("Lisbon in the rain", 10)).toBe("Lisbon in…");
    expect(oneLine("Kyōto", 5)).toBe("Kyōto");
  });
});

describe("notificationMail", () => {
  const urls = {
    messagesUrl: "https://blog.example/admin/manage-contacts",
    commentsUrl: "https://blog.example/admin/manage-comments?status=pending",
  };

  it("lists every message and comment, counted in the subject, with links to the back office", () => {
    const mail = notificationMail({
      siteName: "Wanderplate",
      ...urls,
      events: [
        {
          kind: "contact",
          name: "Ana Silva",
          email: "ana@example.com",
          message: "Best month\nfor Douro?",
          at: 1,
        },
        { kind: "contact", name: "Ben Ode", email: "ben@example.com", message: "Hi", at: 2 },
        {
          kind: "comment",
          name: "Cy",
          email: "cy@example.com",
          comment: "Lovely!",
          blogTitle: "Kyoto in the rain",
          at: 3,
        },
      ],
    });
    expect(mail.subject).toBe("Wanderplate: 2 new messages, 1 comment awaiting moderation");
    expect(mail.text).toBe(
      [
        "Messages:",
        "- Ana Silva <ana@example.com>: Best month for Douro?",
        "- Ben Ode <ben@example.com>: Hi",
        "Read them: https://blog.example/admin/manage-contacts",
        "",
        "Comments awaiting moderation:",
        '- Cy on "Kyoto in the rain": Lovely!',
        "Moderate them: https://blog.example/admin/manage-comments?status=pending",
      ].join("\n"),
    );
    expect(mail.html).toContain('<a href="https://blog.example/admin/manage-comments?status=pending">');
  });

  it("escapes what visitors wrote in the HTML", () => {
    const mail = notificationMail({
      siteName: "Tom & Co",
      ...urls,
      events: [
        { kind: "contact", name: "<script>x</script>", email: "e@x.io", message: `"hi" & <b>`, at: 1 },
      ],
    });
    expect(mail.subject).toBe("Tom & Co: 1 new message");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(
      "&lt;script&gt;x&lt;/script&gt; &lt;e@x.io&gt;: &quot;hi&quot; &amp; &lt;b&gt;",
    );
    expect(mail.html).toContain("Tom &amp; Co");
  });
});

describe("passwordResetMail and confirmSignupMail", () => {
  it("carries the reset link and how long it lives", () => {
    const mail = passwordResetMail({
      siteName: "Wanderplate",
      resetUrl: "https://b.example/r?token=a&b",
      minutes: 30,
    });
    expect(mail.subject).toBe("Wanderplate: reset your password");
    expect(mail.text).toContain("within 30 minutes; the link works once:\nhttps://b.example/r?token=a&b\n");
    expect(mail.html).toContain('href="https://b.example/r?token=a&amp;b"');
  });

  it("carries the confirm link and an unsubscribe link", () => {
    const mail = confirmSignupMail({
      siteName: "Wanderplate",
      fullName: "Ana <Silva>",
      confirmUrl: "https://b.example/signup/confirm?token=c",
      unsubscribeUrl: "https://b.example/unsubscribe?token=u",
    });
    expect(mail.subject).toBe("Wanderplate: please confirm your sign-up");
    expect(mail.text.split("\n")).toEqual([
      "Hello Ana <Silva>,",
      "Thanks for signing up to Wanderplate. Please confirm your address, so we know it was you:",
      "https://b.example/signup/confirm?token=c",
      "",
      "If you did not sign up, ignore this mail and you will hear nothing more from us.",
      "--",
      "No more mail from us: https://b.example/unsubscribe?token=u",
    ]);
    expect(mail.html).toContain("Hello Ana &lt;Silva&gt;,");
    expect(mail.html).toContain('<a href="https://b.example/unsubscribe?token=u">Unsubscribe</a>');
  });
});

describe("retryDelaySeconds", () => {
  it("doubles from the base up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelaySeconds(n))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    expect(retryDelaySeconds(1, 10)).toBe(10);
    expect(retryDelaySeconds(400, 10, 50)).toBe(50);
  });
});

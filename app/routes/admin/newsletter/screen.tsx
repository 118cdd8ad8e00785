import { useEffect, useState } from "react";
import type { MetaDescriptor } from "react-router";
import { Form, useLoaderData } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { useRefusal, useScreenFetcher, useScreenForm } from "#app/components/admin/screen-forms.ts";
import { SubscriberChart } from "#app/components/admin/subscriber-chart.tsx";
import { buttonPrimary, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { SelectField } from "#app/components/form.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import { NEWSLETTER_FIELDS, NEWSLETTER_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import type { Page } from "#app/lib/pagination.ts";
import { plural } from "#app/lib/plural.ts";
import type { SendReport, SendStatus } from "#app/server/newsletter/reports.server.ts";
import type { newsletterScreen } from "./newsletter.server.ts";

/**
 * The newsletter screen (/admin/newsletter): subscribers, a test mail, the sends (each finished
 * first send may go again) and the settings. Each form posts to its own address
 * (`FORMS`). With JavaScript a form is posted by its fetcher and the page stays where
 * it is; without, the browser posts to the address, whose route answers with this screen and that
 * form's answer.
 */

/** The screen's forms: each one's fetcher and where it posts (app/routes.ts, routes/admin/newsletter/). */
const FORMS = {
  sendTest: { key: "newsletter-test", address: "/admin/newsletter/send-test" },
  resend: { key: "newsletter-resend", address: "/admin/newsletter/resend" },
  settings: { key: "newsletter-settings", address: "/admin/newsletter/settings" },
} as const;

type ScreenData = Awaited<ReturnType<typeof newsletterScreen>>;

const EMPTY = "No blog has been sent yet.";
/** Honest about what the chart counts: today's list, by when each reader joined. */
const CHART_CAPTION =
  "Today's confirmed subscribers by the month they joined (UTC), as a running total; readers who have left are not counted in any month.";

export const newsletterMeta = (): MetaDescriptor[] => [
  { title: "Newsletter | Admin" },
  { name: "robots", content: "noindex" },
];

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5 md:p-6";

const STATUS_LABELS: Record<SendStatus, string> = {
  waiting: "Waiting",
  sending: "Sending",
  done: "Done",
  cancelled: "Cancelled",
};

const roundLabel = (round: number) => (round === 1 ? "First send" : `Re-send ${round}`);

/** True once React runs in the browser: until then (and without JavaScript) plain forms stand in. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function NewsletterScreen() {
  const loaded = useLoaderData() as ScreenData;
  const refused = useRefusal(
    useScreenForm(FORMS.sendTest),
    useScreenForm(FORMS.resend),
    useScreenForm(FORMS.settings),
  );
  return (
    <div className="max-w-6xl min-w-0 space-y-8">
      <div>
        <PageHeader title="Newsletter" />
        <p className="-mt-4 text-lg text-ink-700" data-testid="subscriber-count">
          {plural(loaded.subscribers, "confirmed subscriber", "confirmed subscribers")}
        </p>
      </div>
      {!loaded.mailOn && (
        <p className="rounded-xl bg-sand-100 p-4 font-medium ring-1 ring-ink-900/10">
          {NEWSLETTER_MESSAGES.mailOff} Blogs chosen for sending wait until then.
        </p>
      )}
      {refused && (
        <p role="alert" className="rounded-xl bg-coral-500/10 p-4 font-medium text-coral-700">
          {refused}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <TitledSection id="newsletter-subscribers" title="Subscribers" className={`${card} min-w-0`}>
          <div className="mt-4">
            <SubscriberChart points={loaded.history} caption={CHART_CAPTION} />
          </div>
        </TitledSection>
        <TestMailCard blogs={loaded.blogs} email={loaded.email} mailOn={loaded.mailOn} />
      </div>
      <SendsSection sends={loaded.sends} mailOn={loaded.mailOn} />
      <SettingsCard fullText={loaded.settings.fullText} />
    </div>
  );
}

function TestMailCard({
  blogs,
  email,
  mailOn,
}: {
  blogs: { id: number; title: string }[];
  email: string;
  mailOn: boolean;
}) {
  const { fetcher, posting } = useScreenFetcher(FORMS.sendTest);
  return (
    <TitledSection id="newsletter-test" title="Send a test" className={`${card} min-w-0`}>
      <p className="mt-1 text-ink-700">
        The mail of a blog as readers get it, to you alone (<span className="wrap-anywhere">{email}</span>),
        its subject starting “[Test]”.
      </p>
      {blogs.length === 0 ? (
        <p className="mt-4 text-ink-700">Publish a blog to send a test of it.</p>
      ) : (
        <fetcher.Form
          method="post"
          action={FORMS.sendTest.address}
          className="mt-4 space-y-4"
          aria-labelledby="newsletter-test"
        >
          <SelectField
            id="newsletter-test-blog"
            field={NEWSLETTER_FIELDS.blogId}
            hint={mailOn ? "The 50 most recently published blogs." : NEWSLETTER_MESSAGES.mailOff}
          >
            {blogs.map((b) => (
              <option key={b.id} value={b.id}>
                {b.title}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonPrimary} disabled={!mailOn || posting}>
            {posting ? "Sending…" : "Send test to me"}
          </button>
        </fetcher.Form>
      )}
    </TitledSection>
  );
}

function SendsSection({ sends, mailOn }: { sends: Page<SendReport>; mailOn: boolean }) {
  const [asking, setAsking] = useState<SendReport | null>(null);
  const { fetcher, posting } = useScreenFetcher(FORMS.resend);
  const hydrated = useHydrated();
  /** The re-send button of a row: a finished first send, while mail is on. */
  const resendOf = (send: SendReport) =>
    send.round === 1 && send.status === "done" && mailOn ? (
      hydrated ? (
        <button
          type="button"
          className={buttonSmall}
          disabled={posting}
          aria-label={`Send again: ${send.blogTitle}`}
          onClick={() => setAsking(send)}
        >
          Send again
        </button>
      ) : (
        <ResendWithoutScript send={send} />
      )
    ) : null;
  return (
    <TitledSection id="newsletter-sends" title="Sends" className="min-w-0">
      <p className="mt-1 mb-4 text-ink-700">
        Each send of a blog to its subscribers, the newest first: how many copies went, how many wait, and why
        any failed.
      </p>
      {sends.items.length === 0 ? (
        <EmptyState>{EMPTY}</EmptyState>
      ) : (
        <>
          <SendsTable>
            {sends.items.map((send) => (
              <SendRows key={send.id} send={send} resend={resendOf(send)} />
            ))}
          </SendsTable>
          <Pagination page={sends.page} pageCount={sends.pageCount} basePath="/admin/newsletter" />
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        message={
          asking
            ? `Send "${asking.blogTitle}" again to the subscribers who have not had it (those who joined since, and those whose copy failed)?`
            : ""
        }
        confirmLabel="Send again"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking)
            fetcher.submit(
              { blogId: String(asking.blogId) },
              { method: "post", action: FORMS.resend.address },
            );
          setAsking(null);
        }}
      />
    </TitledSection>
  );
}

/** The sends table's columns; the counts are numbers, aligned right. */
const SEND_COLUMNS = [
  { name: "Blog" },
  { name: "Round" },
  { name: "Status" },
  { name: "Started" },
  { name: "Recipients", count: true },
  { name: "Sent", count: true },
  { name: "Queued", count: true },
  { name: "Failed", count: true },
  { name: "Skipped", count: true },
  { name: "Unsubscribed since", count: true },
] as const;

/**
 * The sends table: ten columns, kept narrow (small headings, tight number cells) so it fits beside
 * the side menu on a laptop; narrower than that it scrolls inside its frame, never the page.
 */
function SendsTable({ children }: { children: React.ReactNode }) {
  return (
    // `relative`: the caption, placed absolutely off screen, stays inside the scrolling frame.
    <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Sends of blogs to subscribers</caption>
        <thead className="bg-sand-100 text-xs font-semibold text-ink-900">
          <tr>
            {SEND_COLUMNS.map((c) => (
              <th key={c.name} scope="col" className={"count" in c ? numberCell : cell}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/10">{children}</tbody>
      </table>
    </div>
  );
}

const buttonSmall =
  "mt-1.5 flex w-fit items-center rounded-full bg-white px-2.5 py-1 text-sm font-semibold whitespace-nowrap ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-60";

/** Without JavaScript the question opens in place, and its button posts the re-send. */
function ResendWithoutScript({ send }: { send: SendReport }) {
  return (
    <details className="mt-1.5">
      <summary className="cursor-pointer text-sm font-semibold text-sea-700">Send again…</summary>
      <Form
        method="post"
        action={FORMS.resend.address}
        className="mt-2 w-48 space-y-2 text-sm whitespace-normal"
      >
        <input type="hidden" name="blogId" value={send.blogId} />
        <p>Send it again to the subscribers who have not had it?</p>
        <button type="submit" className={buttonSmall}>
          Send again
        </button>
      </Form>
    </details>
  );
}

const cell = "px-3 py-2.5";
const numberCell = "px-2 py-2.5 text-right tabular-nums";

function SendRows({ send, resend }: { send: SendReport; resend: React.ReactNode }) {
  const { counts } = send;
  const listed = send.failures.reduce((sum, f) => sum + f.count, 0);
  return (
    <>
      <tr className="align-top">
        <td className={`${cell} min-w-36 font-medium`}>
          <a href={`/blogs/${send.blogSlug}`} className="text-sea-800 underline underline-offset-2">
            {send.blogTitle}
          </a>
        </td>
        <td className={`${cell} whitespace-nowrap`}>{roundLabel(send.round)}</td>
        <td className={`${cell} whitespace-nowrap`}>
          {STATUS_LABELS[send.status]}
          {send.status === "sending" && counts.pending > 0 && (
            <span className="block text-ink-700">{counts.pending} to queue</span>
          )}
          {send.status === "waiting" && <span className="block text-ink-700">until the blog is live</span>}
          {resend}
        </td>
        <td className={`${cell} min-w-32`}>
          {send.startedAt === null ? "Not yet" : <LocalTime seconds={send.startedAt} withTime />}
        </td>
        <td className={numberCell}>{send.recipients}</td>
        <td className={numberCell}>{counts.sent}</td>
        <td className={numberCell}>{counts.queued}</td>
        <td className={`${numberCell} ${counts.failed > 0 ? "font-semibold text-coral-600" : ""}`}>
          {counts.failed}
        </td>
        <td className={numberCell}>{counts.skipped}</td>
        <td className={numberCell}>{counts.unsubscribedSince}</td>
      </tr>
      {send.failures.length > 0 && (
        <tr>
          <td colSpan={SEND_COLUMNS.length} className="px-3 pb-2.5">
            {/* Held at the frame's left edge, as wide as the screen allows, while the table scrolls. */}
            <details className="sticky left-3 w-fit max-w-[min(42rem,calc(100vw-5rem))]">
              <summary className="cursor-pointer font-semibold text-coral-600">
                Why {plural(counts.failed, "copy", "copies")} of “{send.blogTitle}” failed
              </summary>
              <ul className="mt-2 space-y-1">
                {send.failures.map((f) => (
                  <li key={f.error} className="wrap-anywhere">
                    <span className="font-semibold tabular-nums">{f.count} ×</span>{" "}
                    {f.error || "No reason given"}
                  </li>
                ))}
              </ul>
              {listed < counts.failed && (
                <p className="mt-1 text-ink-700">
                  The {plural(send.failures.length, "commonest reason", "commonest reasons")};{" "}
                  {counts.failed - listed} more failed for others.
                </p>
              )}
            </details>
          </td>
        </tr>
      )}
    </>
  );
}

function SettingsCard({ fullText }: { fullText: boolean }) {
  const { fetcher, posting } = useScreenFetcher(FORMS.settings);
  const options = [
    { value: "on", label: "Send the whole blog", checked: fullText },
    { value: "off", label: "Send the excerpt with a link", checked: !fullText },
  ];
  return (
    <TitledSection id="newsletter-settings" title="Settings" className={card}>
      <fetcher.Form
        method="post"
        action={FORMS.settings.address}
        key={String(fullText)}
        className="mt-4 space-y-4"
        aria-labelledby="newsletter-settings"
      >
        <fieldset>
          <legend className="font-medium">{NEWSLETTER_FIELDS.fullText.label}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {options.map((o) => (
              <label key={o.value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={NEWSLETTER_FIELDS.fullText.name}
                  value={o.value}
                  defaultChecked={o.checked}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonPrimary} disabled={posting}>
          Save
        </button>
      </fetcher.Form>
    </TitledSection>
  );
}

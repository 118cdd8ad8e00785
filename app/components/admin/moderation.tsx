import { useFetcher } from "react-router";
import { LocalTime } from "#app/components/local-time.tsx";
import type { ModeratedKind } from "#app/forms/admin-actions.fields.ts";
import type { AdminActionResult } from "#app/lib/toast.ts";
import { useShowToast } from "./toaster.tsx";

/**
 * The pieces of /admin/manage-comments, where blog comments and recipe ratings are moderated alike:
 * a section per blog or recipe, and a row per comment or rating with its status and its buttons
 * (Approve / Disapprove and Spam, or Not spam in the Spam tab), each a post of intent, kind and id.
 */

/** What a moderated row shows of a comment or a rating, whatever it says. */
export interface ModeratedItem {
  id: number;
  name: string;
  email: string;
  createdAt: number;
  approved: boolean;
  spam: boolean;
  spamReasons: string[];
  spamScore: number;
}

/** A blog's comments or a recipe's ratings: a heading (with its link), how many, the rows. */
export function ModerationSection({
  id,
  heading,
  count,
  children,
}: {
  id: string;
  heading: React.ReactNode;
  count: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 bg-sand-100 px-5 py-3">
        <h2 id={id} className="font-serif text-xl font-semibold">
          {heading}
        </h2>
        <span className="text-sm text-ink-700">{count}</span>
      </div>
      <ul className="divide-y divide-ink-900/10">{children}</ul>
    </section>
  );
}

/** A rating's stars: five glyphs, filled per star, hidden from screen readers, and the same in words. */
export function RatingStars({ stars }: { stars: number }) {
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden="true" className="text-lg tracking-wider text-amber-600" data-stars={stars}>
        {[1, 2, 3, 4, 5].map((n) => (n <= stars ? "★" : "☆")).join("")}
      </span>
      <span className="text-sm font-semibold text-ink-900">{`${stars} out of 5 stars`}</span>
    </p>
  );
}

const SECONDARY =
  "inline-flex items-center rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-60";
const PRIMARY =
  "inline-flex items-center rounded-full bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800 disabled:opacity-60";

/** One comment or rating: who, when, what it says (`children`), why it looks like spam, its status and buttons. */
export function ModerationRow({
  kind,
  item,
  children,
}: {
  kind: ModeratedKind;
  item: ModeratedItem;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useShowToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const status = item.spam ? "Spam" : item.approved ? "Approved" : "Pending";
  const badge = item.spam
    ? "bg-coral-600/15 text-ink-900"
    : item.approved
      ? "bg-sea-600/15 text-sea-800"
      : "bg-amber-100 text-amber-800";
  const button = (intent: string, label: string, className: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={item.id} />
      <button type="submit" disabled={busy} className={className}>
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <li className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold">{item.name}</span>
          <a href={`mailto:${item.email}`} className="break-all text-sm text-sea-700 hover:underline">
            {item.email}
          </a>
          <span className="text-sm text-ink-700">
            <LocalTime seconds={item.createdAt} withTime />
          </span>
        </p>
        <div className="mt-2">{children}</div>
        {item.spam && item.spamReasons.length > 0 && (
          <div className="mt-3 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink-700">
            <p className="font-semibold text-ink-900">Why it looks like spam (score {item.spamScore}):</p>
            <ul className="mt-1 list-disc pl-5">
              {item.spamReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3 sm:flex-col sm:items-end">
        <span className={`rounded-full px-3 py-1 text-xs font-bold tracking-wide ${badge}`}>{status}</span>
        {item.spam ? (
          button("not-spam", "Not spam", PRIMARY)
        ) : (
          <>
            {button("toggle", item.approved ? "Disapprove" : "Approve", item.approved ? SECONDARY : PRIMARY)}
            {button("spam", "Spam", SECONDARY)}
          </>
        )}
      </div>
    </li>
  );
}

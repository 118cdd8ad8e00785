import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LocalTime } from "#app/components/local-time.tsx";
import { BLOG_SEND_FIELDS, BLOG_SEND_MESSAGES } from "#app/forms/blog.fields.ts";
import {
  FALLBACK_ZONE,
  PUBLICATION_FIELDS,
  PUBLICATION_INTENTS,
  PUBLICATION_MESSAGES,
} from "#app/forms/publication.fields.ts";
import {
  PUBLICATION_FILTERS,
  type PublicationFilter,
  type PublicationState,
  secondsToZonedLocal,
  zonedLocalToSeconds,
} from "#app/lib/publication.ts";
import { buttonSecondary } from "./ui.tsx";

/** The browser's own IANA time zone ("Europe/Paris"). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_ZONE;

/**
 * The optional **Publish at** field. Its value is a wall time in the zone named by the hidden
 * `publishZone` field: the page is rendered in UTC (the server cannot know the admin's zone), and
 * once the browser runs it moves the value to the admin's own zone and names that zone, so the
 * pair always agrees. Without JavaScript the field stays in UTC, and the hint says so.
 */
export function PublishAtField({
  idPrefix,
  current,
  values,
  error,
}: {
  idPrefix: string;
  /**
   * The item being edited. A scheduled time fills the field (saving keeps it); a published item's
   * time is only shown, since the field holds minutes and an empty field keeps the exact time.
   */
  current?: { state: PublicationState; publishAt: number | null };
  /** The values of a refused submission, to refill. */
  values?: Record<string, string>;
  error?: string;
}) {
  const [state, setState] = useState(() => {
    const zone = values?.[PUBLICATION_FIELDS.publishZone.name] || FALLBACK_ZONE;
    const typed = values?.[PUBLICATION_FIELDS.publishAt.name];
    const scheduled = current?.state === "scheduled" && current.publishAt !== null ? current.publishAt : null;
    return { zone, value: typed ?? (scheduled !== null ? secondsToZonedLocal(scheduled, zone) : "") };
  });
  useEffect(() => {
    setState((s) => {
      const zone = browserZone();
      if (s.zone === zone) return s;
      const seconds = s.value ? zonedLocalToSeconds(s.value, s.zone) : null;
      return { zone, value: seconds === null ? s.value : secondsToZonedLocal(seconds, zone) };
    });
  }, []);
  const id = `${idPrefix}-publish-at`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1.5 block font-medium">
        {PUBLICATION_FIELDS.publishAt.label}
      </label>
      <input
        id={id}
        type="datetime-local"
        name={PUBLICATION_FIELDS.publishAt.name}
        value={state.value}
        onChange={(e) => setState({ zone: state.zone, value: e.currentTarget.value })}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-xl border border-ink-900/15 px-4 py-2.5 sm:w-72"
      />
      <input type="hidden" name={PUBLICATION_FIELDS.publishZone.name} value={state.zone} />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-700">
        Optional. Empty publishes now; a later time schedules it. Time zone:{" "}
        <span data-testid="publish-zone">{state.zone}</span> (your browser's; UTC without JavaScript).
      </p>
      {current && (
        <p className="mt-1.5 text-sm text-ink-700" data-testid="publication-now">
          Now: {STATE_LABELS[current.state]}
          {current.state === "published" && (
            <>
              {" "}
              since <LocalTime seconds={current.publishAt} withTime /> (saving keeps that time)
            </>
          )}
        </p>
      )}
      {error && <p className="mt-1.5 text-sm font-medium text-coral-600">{error}</p>}
    </div>
  );
}

/**
 * The blog form's **Send to subscribers** choice: a plain checkbox in the form post (off unless
 * ticked), saved with the blog, and used once the blog is live. Once the blog's send has started
 * it is a line saying when and to how many readers, and no box: a send never happens twice.
 * While mail is off the box is disabled (the server ignores it then) and the hint says why.
 */
export function SendToSubscribersField({
  idPrefix,
  subscribers,
  mailOn,
  choice,
  values,
  live = false,
}: {
  idPrefix: string;
  /** The blog is published already: a ticked box sends it as soon as it is saved. */
  live?: boolean;
  /** Confirmed subscribers now: whom a send would reach. */
  subscribers: number;
  mailOn: boolean;
  /** The blog's saved choice (nothing chosen for a new blog), and its send once started. */
  choice: { chosen: boolean; started: { at: number; recipients: number } | null };
  /** The values of a refused submission, to refill. */
  values?: Record<string, string>;
}) {
  const field = BLOG_SEND_FIELDS.sendToSubscribers;
  if (choice.started)
    return (
      <p className="mt-4 text-sm text-ink-700" data-testid="newsletter-sent">
        {BLOG_SEND_MESSAGES.sentTo(choice.started.recipients)}{" "}
        <LocalTime seconds={choice.started.at} withTime />
      </p>
    );
  const id = `${idPrefix}-send-to-subscribers`;
  const ticked = values && field.name in values ? values[field.name] === "on" : choice.chosen;
  return (
    <div className="mt-4">
      <div className="flex items-center gap-2.5">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          defaultChecked={ticked}
          disabled={!mailOn}
          aria-describedby={`${id}-hint`}
          className="size-5 accent-sea-700 disabled:opacity-60"
        />
        <label htmlFor={id} className={`font-medium ${mailOn ? "" : "text-ink-700"}`}>
          {field.label}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-700">
        {!mailOn
          ? BLOG_SEND_MESSAGES.mailOff
          : live
            ? BLOG_SEND_MESSAGES.willSendOnSave(subscribers)
            : BLOG_SEND_MESSAGES.willSend(subscribers)}
      </p>
    </div>
  );
}

/** The second submit: saves without publishing (and takes a published item off the site). */
export function SaveDraftButton({ disabled }: { disabled?: boolean }) {
  return (
    <button
      type="submit"
      name={PUBLICATION_FIELDS.publication.name}
      value={PUBLICATION_INTENTS.draft}
      className={buttonSecondary}
      disabled={disabled}
    >
      {PUBLICATION_MESSAGES.saveDraft}
    </button>
  );
}

const STATE_LABELS: Record<PublicationState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

const STATE_STYLES: Record<PublicationState, string> = {
  draft: "bg-ink-900/10 text-ink-900",
  scheduled: "bg-sand-200 text-ink-900",
  published: "bg-sea-600/15 text-sea-800",
};

/** An admin card's state: Draft, Scheduled (with its time) or Published. */
export function PublicationBadge({
  state,
  publishAt,
}: {
  state: PublicationState;
  publishAt: number | null;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="publication-state">
      <span className={`rounded-full px-2.5 py-0.5 font-semibold ${STATE_STYLES[state]}`}>
        {STATE_LABELS[state]}
      </span>
      {state === "scheduled" && (
        <span className="text-ink-700">
          <LocalTime seconds={publishAt} withTime />
        </span>
      )}
    </p>
  );
}

const FILTER_LABELS: Record<PublicationFilter, string> = {
  all: "All",
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
};

/** The admin lists' state filter: plain links (`?state=draft`), so it works without JavaScript. */
export function PublicationFilterLinks({
  filter,
  basePath,
  query = "",
}: {
  filter: PublicationFilter;
  basePath: string;
  /** Other query parameters to keep, e.g. "show=24". */
  query?: string;
}) {
  return (
    <nav aria-label="Filter by state" className="flex flex-wrap gap-2">
      {PUBLICATION_FILTERS.map((f) => {
        const params = [query, f === "all" ? "" : `state=${f}`].filter(Boolean).join("&");
        return (
          <Link
            key={f}
            to={params ? `${basePath}?${params}` : basePath}
            aria-current={f === filter ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-ink-900/15 ${
              f === filter ? "bg-ink-900 text-white" : "bg-white hover:bg-sand-100"
            }`}
          >
            {FILTER_LABELS[f]}
          </Link>
        );
      })}
    </nav>
  );
}

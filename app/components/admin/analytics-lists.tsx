import { useId } from "react";
import { dayLabel } from "#app/components/admin/analytics-chart.tsx";
import { isSitePath, type KeyCount, type SendVisits, type TopLists } from "#app/lib/analytics.ts";

/** The longest text of a key kept in its tooltip: a made-up campaign may be kilobytes long. */
const TITLE_CHARS = 300;

/** What each list is called, what its first column holds, and what an empty key means there. */
const LISTS: { kind: keyof TopLists; title: string; column: string; empty: string }[] = [
  { kind: "page", title: "Top pages", column: "Page", empty: "(no path)" },
  { kind: "referrer", title: "Referrers", column: "Site", empty: "Direct / none" },
  { kind: "campaign", title: "Campaigns", column: "utm_campaign", empty: "(none)" },
  { kind: "source", title: "Sources", column: "utm_source", empty: "(none)" },
  { kind: "medium", title: "Mediums", column: "utm_medium", empty: "(none)" },
  { kind: "country", title: "Countries", column: "Country", empty: "Unknown" },
  { kind: "browser", title: "Browsers", column: "Browser", empty: "Unknown" },
  { kind: "device", title: "Devices", column: "Device", empty: "Unknown" },
];

/** A key as the list shows it: a page linked to itself on the site, a long value cut by CSS (the full text stays in the CSV). */
function KeyCell({ kind, row, empty }: { kind: keyof TopLists; row: KeyCount; empty: string }) {
  const text = row.key === "" ? empty : row.label ? `${row.key} \u2014 ${row.label}` : row.key;
  const title = text.length > 60 ? text.slice(0, TITLE_CHARS) : undefined;
  if (kind === "page" && isSitePath(row.key))
    return (
      <a href={row.key} title={title} className="block truncate text-sea-800 underline">
        {text}
      </a>
    );
  return (
    <span title={title} className="block truncate">
      {text}
    </span>
  );
}

function TopList({ list, rows }: { list: (typeof LISTS)[number]; rows: KeyCount[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5"
    >
      <h2 id={headingId} className="font-serif text-lg font-semibold">
        {list.title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">None in this period.</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-left text-sm">
          <caption className="sr-only">{`${list.title}, most page views first`}</caption>
          <colgroup>
            <col />
            <col className="w-20" />
            <col className="w-20" />
          </colgroup>
          <thead className="text-ink-700">
            <tr>
              <th scope="col" className="py-1 font-semibold">
                {list.column}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Visitors
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Views
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/10 tabular-nums">
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="py-1.5 pr-2">
                  <KeyCell kind={list.kind} row={row} empty={list.empty} />
                </td>
                <td className="py-1.5 text-right">{row.visitors}</td>
                <td className="py-1.5 text-right">{row.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The top keys of each dimension over the range, in a grid of small cards. */
export function AnalyticsTopLists({ top }: { top: TopLists }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {LISTS.map((list) => (
        <TopList key={list.kind} list={list} rows={top[list.kind]} />
      ))}
    </div>
  );
}

/** The newsletter sends of the range and the visits their links brought (utm_campaign = the blog's slug). */
export function AnalyticsSends({ sends }: { sends: SendVisits[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5">
      <h2 id={headingId} className="font-serif text-lg font-semibold">
        Newsletter sends
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Visits from the mail's links (tagged <code>utm_source=newsletter</code>, the blog as the campaign),
        counted from the day of the send.
      </p>
      {sends.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">No newsletter was sent in this period.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-lg text-left text-sm">
            <caption className="sr-only">
              Newsletter sends, newest first, with the visits they brought
            </caption>
            <thead className="text-ink-700">
              <tr>
                <th scope="col" className="py-1 font-semibold">
                  Blog
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Sent
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Readers
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Visitors
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Views
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-900/10 tabular-nums">
              {sends.map((s) => (
                <tr key={s.id}>
                  <td className="py-1.5 pr-2">
                    <a href={`/blogs/${encodeURIComponent(s.blogSlug)}`} className="text-sea-800 underline">
                      {s.blogTitle}
                    </a>
                    {s.round > 1 && <span className="text-ink-700"> (round {s.round})</span>}
                  </td>
                  <td className="py-1.5 pr-2">
                    {dayLabel(new Date(s.startedAt * 1000).toISOString().slice(0, 10))}
                  </td>
                  <td className="py-1.5 text-right">{s.recipients}</td>
                  <td className="py-1.5 text-right">{s.visitors}</td>
                  <td className="py-1.5 text-right">{s.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

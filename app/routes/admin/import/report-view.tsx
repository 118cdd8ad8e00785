import { AdminTable } from "#app/components/admin/ui.tsx";
import { plural } from "#app/lib/plural.ts";
import type { ImportReport } from "#app/server/transfer/import/report.server.ts";

/**
 * An import report as the blogger reads it on /admin/import: what the file holds by kind and
 * state, what is left out and why, notices, redirects and the image hosts. The same report reads
 * as "what would happen" after the check and "what happened" after the import.
 */

const KIND_LABELS: Record<string, string> = {
  blogs: "Blogs",
  recipes: "Recipes",
  comments: "Comments",
  media: "Images",
  authors: "Authors",
  subscribers: "Subscribers",
};

const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);

/** { published: 3, draft: 1 } → "3 published, 1 draft". */
function states(byState: Record<string, number>): string {
  const parts = Object.entries(byState)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${state}`);
  return parts.length ? parts.join(", ") : "–";
}

/** "unknown-shortcode" → "Unknown shortcode". */
const noticeLabel = (code: string) => {
  const words = code.replaceAll(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const td = "px-3 py-2 align-top";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function ImportReportView({ report, dryRun }: { report: ImportReport; dryRun: boolean }) {
  const counts = Object.entries(report.counts).filter(([, c]) => c.total > 0);
  const notices = Object.entries(report.notices);
  return (
    <div className="space-y-6" data-testid="import-report">
      <p className="text-sm text-ink-700">
        {report.format}
        {report.source.title ? ` of “${report.source.title}”` : ""}
        {report.source.url ? ` (${report.source.url})` : ""}.
      </p>

      <Section title={dryRun ? "What will be imported" : "What was imported"}>
        {counts.length === 0 ? (
          <p>Nothing to import in this file.</p>
        ) : (
          <AdminTable
            dense
            caption="Items by kind"
            headings={["Kind", "In the file", "By state", "New", "Updated", "Unchanged"]}
          >
            {counts.map(([kind, c]) => (
              <tr key={kind}>
                <th scope="row" className={`${td} font-medium`}>
                  {kindLabel(kind)}
                </th>
                <td className={`${td} tabular-nums`}>{c.total}</td>
                <td className={td}>{states(c.byState)}</td>
                <td className={`${td} tabular-nums`}>{c.added}</td>
                <td className={`${td} tabular-nums`}>{c.updated}</td>
                <td className={`${td} tabular-nums`}>{c.unchanged}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>

      <SkippedSection report={report} />

      {notices.length > 0 && (
        <Section title="Notices">
          <ul className="space-y-3">
            {notices.map(([code, n]) => (
              <li key={code}>
                <p className="font-medium">
                  {noticeLabel(code)} <span className="tabular-nums">({n.count})</span>
                </p>
                {n.examples.length > 0 && (
                  <ul className="list-disc pl-5 text-sm text-ink-700">
                    {n.examples.slice(0, 5).map((example, i) => (
                      <li key={i} className="break-words">
                        {example}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Redirects">
        <p>
          {dryRun
            ? `${plural(report.redirects.made, "old address", "old addresses")} will lead to the imported pages.`
            : `${plural(report.redirects.made, "old address", "old addresses")} now lead to the imported pages.`}
        </p>
        {report.redirects.refused.length > 0 && (
          <AdminTable dense caption="Old addresses not redirected" headings={["Old address", "Why not"]}>
            {report.redirects.refused.map((r) => (
              <tr key={r.path}>
                <td className={`${td} break-all`}>{r.path}</td>
                <td className={td}>{r.reason}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>

      <ImagesSection report={report} dryRun={dryRun} />
    </div>
  );
}

/** What was left out, by reason, with a few examples. */
function SkippedSection({ report }: { report: ImportReport }) {
  const reasons = Object.entries(report.skipped.byReason).sort((a, b) => b[1] - a[1]);
  return (
    <Section title={`Skipped (${report.skipped.total})`}>
      {report.skipped.total === 0 ? (
        <p>Nothing is skipped.</p>
      ) : (
        <>
          <ul className="list-disc space-y-1 pl-5">
            {reasons.map(([reason, n]) => (
              <li key={reason}>
                {reason}: <span className="tabular-nums">{n}</span>
              </li>
            ))}
          </ul>
          {report.skipped.examples.length > 0 && (
            <AdminTable dense caption="Examples of skipped items" headings={["Kind", "Title", "Why"]}>
              {report.skipped.examples.map((e) => (
                <tr key={`${e.kind}-${e.sourceId}-${e.reason}`}>
                  <td className={td}>{e.kind}</td>
                  <td className={`${td} break-words`}>
                    {e.title || <span className="text-ink-700">(no title)</span>}
                  </td>
                  <td className={td}>{e.reason}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      )}
    </Section>
  );
}

/** The images the file names, by host, and (after an import) what became of them. */
function ImagesSection({ report, dryRun }: { report: ImportReport; dryRun: boolean }) {
  const hosts = Object.entries(report.images.hosts).sort((a, b) => b[1] - a[1]);
  return (
    <Section title="Images">
      {hosts.length === 0 ? (
        <p>The file names no images.</p>
      ) : (
        <AdminTable dense caption="Image hosts" headings={["Host", "Images"]}>
          {hosts.map(([host, n]) => (
            <tr key={host}>
              <td className={`${td} break-all`}>{host}</td>
              <td className={`${td} tabular-nums`}>{n}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {!dryRun && hosts.length > 0 && (
        <p>
          {report.images.fetched} copied, {report.images.reused} already here, {report.images.kept} left at
          their address, {report.images.failed.total} failed.
        </p>
      )}
      {report.images.failed.examples.length > 0 && (
        <AdminTable dense caption="Images that could not be copied" headings={["Image", "Why"]}>
          {report.images.failed.examples.map((f) => (
            <tr key={f.url}>
              <td className={`${td} break-all`}>{f.url}</td>
              <td className={td}>{f.reason}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </Section>
  );
}

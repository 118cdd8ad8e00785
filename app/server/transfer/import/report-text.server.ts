/** The import report as the command prints it: short, plain, whole counts first. */
import type { ImportReport } from "./report.server.ts";

const KIND_NAMES: Record<string, string> = {
  blogs: "Blogs",
  recipes: "Recipes",
  pages: "Pages",
  destinations: "Destinations",
  comments: "Comments",
  ratings: "Ratings",
  subscribers: "Subscribers",
  media: "Media",
  mediaFiles: "Image files",
  authors: "Accounts",
  contacts: "Contact messages",
  settings: "Settings",
};

export function reportText(report: ImportReport): string {
  const lines: string[] = [];
  const what = report.dryRun ? "Dry run (nothing was written)" : "Import finished";
  lines.push(
    `${what}: ${report.files.join(", ")} (${report.format}${report.source.url ? `, from ${report.source.url}` : ""})`,
  );
  for (const [kind, count] of Object.entries(report.counts)) {
    if (count.total === 0) continue;
    const states = Object.entries(count.byState)
      .map(([state, n]) => `${n} ${state}`)
      .join(", ");
    const outcome = report.dryRun
      ? ""
      : ` — ${count.added} added, ${count.updated} updated, ${count.unchanged} unchanged`;
    lines.push(`  ${KIND_NAMES[kind] ?? kind}: ${count.total} (${states})${outcome}`);
  }
  if (report.skipped.total > 0) {
    lines.push(`Skipped: ${report.skipped.total}`);
    for (const [reason, n] of Object.entries(report.skipped.byReason)) lines.push(`  ${n} × ${reason}`);
  }
  for (const [code, notice] of Object.entries(report.notices)) {
    lines.push(`Note (${code}, ${notice.count}): ${notice.examples[0] ?? ""}`);
    for (const example of notice.examples.slice(1, 3)) lines.push(`  also: ${example}`);
  }
  const { redirects, images } = report;
  lines.push(
    `Redirects: ${redirects.made} ${report.dryRun ? "to make" : "made"}${redirects.refused.length ? `, ${redirects.refused.length} not made (a page of this site owns the path)` : ""}`,
  );
  for (const r of redirects.refused.slice(0, 5)) lines.push(`  ${r.path}: ${r.reason}`);
  const hosts = Object.entries(images.hosts)
    .sort((a, b) => b[1] - a[1])
    .map(([host, n]) => `${host} (${n})`);
  if (hosts.length)
    lines.push(`Image hosts: ${hosts.slice(0, 8).join(", ")}${hosts.length > 8 ? ", …" : ""}`);
  if (!report.dryRun)
    lines.push(
      `Images: ${images.fetched} fetched, ${images.reused} already here, ${images.kept} kept at their address, ${images.failed.total} failed`,
    );
  for (const f of images.failed.examples.slice(0, 10)) lines.push(`  ${f.url}: ${f.reason}`);
  return lines.join("\n");
}

/**
 * The import in one line, for the activity log: what each kind of item came to, and how many
 * items were skipped ("Blogs 12 (10 added, 2 updated, 0 unchanged); Recipes 3 (…); 4 skipped").
 */
export function reportSummary(report: ImportReport): string {
  const parts = Object.entries(report.counts)
    .filter(([, count]) => count.total > 0)
    .map(
      ([kind, count]) =>
        `${KIND_NAMES[kind] ?? kind} ${count.total} (${count.added} added, ${count.updated} updated, ${count.unchanged} unchanged)`,
    );
  if (report.skipped.total > 0) parts.push(`${report.skipped.total} skipped`);
  return parts.length > 0 ? parts.join("; ") : "Nothing to import";
}

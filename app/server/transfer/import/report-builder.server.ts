/**
 * Builds an ImportReport as a run goes: whole counts always, at most REPORT_EXAMPLES examples of
 * each list, so a 20,000-post import's report stays small.
 */
import type { ImportedState, SourceSystem } from "./items.server.ts";
import { type ImportReport, type KindCount, REPORT_EXAMPLES } from "./report.server.ts";

export type Outcome = "added" | "updated" | "unchanged";

export class ReportBuilder {
  readonly report: ImportReport;

  constructor(files: string[], format: string, dryRun: boolean) {
    this.report = {
      files,
      format,
      source: { system: "wordpress", url: "", title: "" },
      dryRun,
      counts: {},
      skipped: { total: 0, byReason: {}, examples: [] },
      notices: {},
      redirects: { made: 0, refused: [] },
      images: { hosts: {}, fetched: 0, reused: 0, kept: 0, failed: { total: 0, examples: [] } },
      startedAt: Math.floor(Date.now() / 1000),
      finishedAt: null,
    };
  }

  source(system: SourceSystem, url: string, title: string): void {
    this.report.source = { system, url, title };
  }

  #kind(kind: string): KindCount {
    this.report.counts[kind] ??= { total: 0, byState: {}, added: 0, updated: 0, unchanged: 0 };
    return this.report.counts[kind];
  }

  /** One item of `kind` the import takes, in `state` (published, draft, approved…). */
  counted(kind: string, state: ImportedState | string): void {
    const count = this.#kind(kind);
    count.total++;
    count.byState[state] = (count.byState[state] ?? 0) + 1;
  }

  wrote(kind: string, outcome: Outcome): void {
    this.#kind(kind)[outcome]++;
  }

  skipped(kind: string, sourceId: string, title: string, reason: string): void {
    const { skipped } = this.report;
    skipped.total++;
    skipped.byReason[reason] = (skipped.byReason[reason] ?? 0) + 1;
    if (skipped.examples.length < REPORT_EXAMPLES) skipped.examples.push({ kind, sourceId, title, reason });
  }

  notice(code: string, message: string): void {
    const entry = this.report.notices[code] ?? { count: 0, examples: [] };
    this.report.notices[code] = entry;
    entry.count++;
    if (entry.examples.length < 10 && !entry.examples.includes(message)) entry.examples.push(message);
  }

  redirectMade(): void {
    this.report.redirects.made++;
  }

  redirectRefused(path: string, reason: string): void {
    const { refused } = this.report.redirects;
    if (refused.length < REPORT_EXAMPLES && !refused.some((r) => r.path === path))
      refused.push({ path, reason });
  }

  imageHost(url: string): void {
    let host = "";
    try {
      host = new URL(url).host;
    } catch {
      host = "(relative address)";
    }
    this.report.images.hosts[host] = (this.report.images.hosts[host] ?? 0) + 1;
  }

  imageFetched(): void {
    this.report.images.fetched++;
  }
  imageReused(): void {
    this.report.images.reused++;
  }
  imageKept(): void {
    this.report.images.kept++;
  }
  imageFailed(url: string, reason: string): void {
    const { failed } = this.report.images;
    failed.total++;
    if (failed.examples.length < REPORT_EXAMPLES && !failed.examples.some((f) => f.url === url))
      failed.examples.push({ url, reason });
  }

  finish(): ImportReport {
    this.report.finishedAt = Math.floor(Date.now() / 1000);
    return this.report;
  }
}

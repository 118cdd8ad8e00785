import { useEffect, useState } from "react";
import type { MetaDescriptor } from "react-router";
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import { useRefusal, useScreenFetcher, useScreenForm } from "#app/components/admin/screen-forms.ts";
import { buttonDanger, buttonPrimary, buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import type { ImportRun } from "#app/server/transfer/import/jobs.server.ts";
import type { importScreen } from "./import.server.ts";
import type { ImportProgressAnswer } from "./progress.ts";
import { ImportReportView } from "./report-view.tsx";
import { WORKING } from "./run-states.ts";

/**
 * The import screen (/admin/import): the run in hand with its progress and report, the upload of
 * a file to check, the recent runs, and the export. Each form posts to its own address (`FORMS`);
 * the export posts to /admin/export and downloads. With JavaScript a form is posted by its fetcher
 * (a run made or started is then shown, a redirect); without, the browser posts to the address,
 * whose route answers with this screen and that form's answer, or redirects the same way.
 */

/** The screen's forms: each one's fetcher and where it posts (app/routes.ts, routes/admin/import/). */
const FORMS = {
  upload: { key: "import-upload", address: "/admin/import/upload" },
  start: { key: "import-start", address: "/admin/import/start" },
  discard: { key: "import-discard", address: "/admin/import/discard" },
} as const;

type ScreenForm = (typeof FORMS)[keyof typeof FORMS];

type ScreenData = Awaited<ReturnType<typeof importScreen>>["data"];

/** The largest file the screen takes: a big site's WordPress export, or our export with its images. */
export const IMPORT_MAX_BYTES = 1024 ** 3;
const IMPORT_LIMIT_TEXT =
  "Up to 1 GB: a WordPress export (.xml), a Ghost export (.json), a Ghost members CSV, or a Wanderplate export (.tar.gz)";
export const TOO_LARGE =
  "The file is larger than 1 GB, the most this screen takes. Use npm run import on the server for it.";

export const importMeta = (): MetaDescriptor[] => [
  { title: "Import | Admin" },
  { name: "robots", content: "noindex" },
];

const STATUS_LABELS: Record<string, string> = {
  checking: "Checking",
  checked: "Ready to import",
  running: "Importing",
  done: "Done",
  failed: "Failed",
  cancelled: "Discarded",
};

/** Polls the run's progress every second while it works; reloads the page's data when it ends. */
function useRunProgress(run: ImportRun | null) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<ImportProgressAnswer | null>(null);
  const id = run?.id;
  const working = run ? WORKING.has(run.status) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the run or its status changes
  useEffect(() => {
    setLive(null);
    if (!working || id === undefined) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/admin/import/progress?run=${id}`, {
          headers: { accept: "application/json" },
        });
        if (!response.ok || stopped) return;
        const answer = (await response.json()) as ImportProgressAnswer;
        if (stopped) return;
        setLive(answer);
        if (!WORKING.has(answer.status)) {
          stopped = true;
          clearInterval(timer);
          revalidator.revalidate();
        }
      } catch {
        // A missed poll is retried a second later.
      }
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, working, run?.status]);
  return live && live.id === id
    ? live
    : run
      ? { done: run.done, total: run.total, status: run.status }
      : null;
}

function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const known = total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? done : undefined}
        aria-valuetext={known ? `${done} of ${total}` : "Reading the file"}
        className="h-3 overflow-hidden rounded-full bg-sand-100 ring-1 ring-ink-900/10"
      >
        <div
          className={`h-full rounded-full bg-sea-700 ${known ? "" : "w-1/3 animate-pulse"}`}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-sm text-ink-700 tabular-nums">
        {known ? `${done} of ${total} items (${percent}%)` : "Reading the file…"}
      </p>
    </div>
  );
}

/** A button that posts the checked run to its form's address (import, discard). */
function RunButton({
  run,
  form,
  className,
  disabled,
  children,
}: {
  run: ImportRun;
  form: ScreenForm;
  className: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const { fetcher } = useScreenFetcher(form);
  return (
    <fetcher.Form method="post" action={form.address}>
      <input type="hidden" name="id" value={run.id} />
      <button type="submit" className={className} disabled={disabled}>
        {children}
      </button>
    </fetcher.Form>
  );
}

function RunPanel({ run }: { run: ImportRun }) {
  const progress = useRunProgress(run);
  const busy = [useScreenFetcher(FORMS.start), useScreenFetcher(FORMS.discard)].some((f) => f.posting);
  const status = progress?.status ?? run.status;
  const working = WORKING.has(run.status);
  return (
    <section
      aria-labelledby="run-heading"
      className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5 md:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="run-heading" className="min-w-0 font-serif text-2xl font-semibold break-words">
          {run.fileName}
        </h2>
        <span className="text-sm text-ink-700">
          Uploaded <LocalTime seconds={run.createdAt} withTime />
        </span>
      </div>
      <div role="status" aria-live="polite" className="font-medium">
        {status === "checking" && "Checking the file. Nothing is written yet."}
        {status === "checked" &&
          "The file was checked. Nothing has been imported yet: read the report, then press Import."}
        {status === "running" && "Importing. You may close this page: the import goes on."}
        {status === "done" && "Import finished."}
        {status === "cancelled" && "This import was discarded."}
      </div>
      {run.status === "failed" && (
        <p role="alert" className="rounded-xl bg-coral-500/10 p-4 font-medium text-coral-700">
          {run.error ?? "The import failed."}
        </p>
      )}
      {working && progress && (
        <>
          <ProgressBar
            done={progress.done}
            total={progress.total}
            label={run.status === "checking" ? "Checking progress" : "Import progress"}
          />
          {/* Without JavaScript the page reloads itself; the link is there for anyone. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant tag, no input; React cannot render a tag into noscript */}
          <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />
          <Link to={`/admin/import?run=${run.id}`} className="text-sm text-sea-700 underline">
            Refresh
          </Link>
        </>
      )}
      {run.status === "checked" && (
        <div className="flex flex-wrap gap-3">
          <RunButton run={run} form={FORMS.start} className={buttonPrimary} disabled={busy}>
            Import
          </RunButton>
          <RunButton run={run} form={FORMS.discard} className={buttonDanger} disabled={busy}>
            Discard
          </RunButton>
        </div>
      )}
      {run.report && (run.status === "checked" || run.status === "done") && (
        <ImportReportView report={run.report} dryRun={run.status === "checked"} />
      )}
    </section>
  );
}

function UploadForm() {
  const { fetcher, posting: uploading } = useScreenFetcher(FORMS.upload);
  const [tooBig, setTooBig] = useState(false);
  return (
    <TitledSection
      id="upload-heading"
      title="Import a blog"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5 md:p-6"
    >
      <p className="text-ink-700">
        Choose the export of your old blog. It is checked first: you see what will be imported before anything
        is written.
      </p>
      <fetcher.Form
        method="post"
        action={FORMS.upload.address}
        encType="multipart/form-data"
        className="space-y-4"
        onSubmit={(event) => {
          // Saves uploading a gigabyte only to be refused at the end.
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const big = (input?.files?.[0]?.size ?? 0) > IMPORT_MAX_BYTES;
          setTooBig(big);
          if (big) event.preventDefault();
        }}
      >
        <div className="space-y-1">
          <label htmlFor="import-file" className="block font-semibold">
            File to import
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            required
            accept=".xml,.json,.csv,.gz,.tgz,application/xml,text/xml,application/json,text/csv,application/gzip"
            aria-describedby="import-file-hint"
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-sand-100 file:px-4 file:py-2 file:font-semibold"
          />
          <p id="import-file-hint" className="text-sm text-ink-700">
            {IMPORT_LIMIT_TEXT}
          </p>
          {tooBig && (
            <p role="alert" className="text-sm font-medium text-coral-600">
              {TOO_LARGE}
            </p>
          )}
        </div>
        <fieldset className="space-y-1">
          <legend className="font-semibold">Images</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="images" value="download" defaultChecked /> Copy them to this site
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="images" value="keep" /> Keep linking to the old site
          </label>
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="import-source-url" className="block font-semibold">
            Old site address (optional)
          </label>
          <input
            id="import-source-url"
            name="sourceUrl"
            type="url"
            placeholder="https://example.com"
            aria-describedby="import-source-url-hint"
            className="w-full max-w-md rounded-lg border border-ink-900/20 px-3 py-2"
          />
          <p id="import-source-url-hint" className="text-sm text-ink-700">
            Only needed when the file's links and images are relative (some Ghost exports).
          </p>
        </div>
        <button type="submit" className={buttonPrimary} disabled={uploading}>
          {uploading ? "Uploading…" : "Check file"}
        </button>
      </fetcher.Form>
    </TitledSection>
  );
}

function RecentRuns({ runs, current }: { runs: ImportRun[]; current: number | undefined }) {
  if (runs.length === 0) return null;
  return (
    <TitledSection id="runs-heading" title="Recent imports" className="space-y-3">
      <ul className="divide-y divide-ink-900/10 rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5">
        {runs.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
            <Link
              to={`/admin/import?run=${r.id}`}
              aria-current={r.id === current ? "true" : undefined}
              className="min-w-0 font-medium break-all text-sea-700 hover:underline"
            >
              {r.fileName}
            </Link>
            <span className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
              <span className="font-semibold text-ink-900">{STATUS_LABELS[r.status] ?? r.status}</span>
              <LocalTime seconds={r.createdAt} withTime />
            </span>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function ExportSection() {
  return (
    <TitledSection
      id="export-heading"
      title="Export"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-900/5 md:p-6"
    >
      <p className="text-ink-700">
        One file with everything needed to rebuild this site elsewhere: blogs, pages, recipes, comments,
        categories, redirects, images and settings (the menus and the design included). Accounts come without
        passwords.
      </p>
      <Form method="post" action="/admin/export" reloadDocument className="space-y-4">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="includePii" /> Include subscribers and contact messages
        </label>
        <button type="submit" className={buttonSecondary}>
          Export
        </button>
      </Form>
    </TitledSection>
  );
}

export function ImportScreen() {
  const { run, runs } = useLoaderData() as ScreenData;
  const refused = useRefusal(
    useScreenForm(FORMS.upload),
    useScreenForm(FORMS.start),
    useScreenForm(FORMS.discard),
  );
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeader title="Import" />
      {refused && (
        <p role="alert" className="rounded-xl bg-coral-500/10 p-4 font-medium text-coral-700">
          {refused}
        </p>
      )}
      {run && <RunPanel key={run.id} run={run} />}
      <UploadForm />
      <RecentRuns runs={runs} current={run?.id} />
      <ExportSection />
    </div>
  );
}

import { useEffect, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "react-router";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonDanger, buttonPrimary, buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import { importActions } from "#app/forms/admin-actions.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, queryId, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  createImportRun,
  discardImportRun,
  getImportRun,
  type ImportRun,
  type ImportRunOptions,
  importsDir,
  listImportRuns,
  resumeStaleImportRuns,
  startImportRun,
} from "#app/server/transfer/import/jobs.server.ts";
import type { Route } from "./+types/import";
import type { ImportProgressAnswer } from "./import/progress.ts";
import { ImportReportView } from "./import/report-view.tsx";
import { receiveUpload, removeUpload } from "./import/upload.server.ts";

/** The largest file the screen takes: a big site's WordPress export, or our export with its images. */
const IMPORT_MAX_BYTES = 1024 ** 3;
const IMPORT_LIMIT_TEXT =
  "Up to 1 GB: a WordPress export (.xml), a Ghost export (.json), a Ghost members CSV, or a Wanderplate export (.tar.gz)";
export const TOO_LARGE =
  "The file is larger than 1 GB, the most this screen takes. Use npm run import on the server for it.";

const WORKING = new Set(["checking", "running"]);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  // A run left by a server that stopped is taken over by whichever server the admin reaches.
  void resumeStaleImportRuns(db).catch((error) => log.error({ err: error }, "import: resuming runs failed"));
  const runs = await listImportRuns(db, 10);
  const asked = queryId(request, "run");
  // A run named in the URL; else the one still in hand (checking, waiting for Import, running).
  const run =
    asked !== null
      ? await getImportRun(db, asked)
      : (runs.find((r) => WORKING.has(r.status) || r.status === "checked") ?? null);
  return data({ run, runs }, { headers: { "Cache-Control": "no-store" } });
}

/** The old site's address as typed, or null; undefined when it is not an http(s) address. */
function sourceUrlOf(value: string | undefined): string | null | undefined {
  const url = value?.trim() ?? "";
  if (!url) return null;
  return /^https?:\/\/[^/\s]+/i.test(url) ? url : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  if (/^\s*multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const upload = await receiveUpload(request, {
      dir: importsDir(),
      maxBytes: IMPORT_MAX_BYTES,
      tooLarge: TOO_LARGE,
      fileField: "file",
    });
    if (!upload.ok) return adminFail(upload.status, upload.message);
    const sourceUrl = sourceUrlOf(upload.fields.sourceUrl);
    if (sourceUrl === undefined) {
      await removeUpload(upload.path);
      return adminFail(
        400,
        "The old site's address must start with http:// or https://, like https://example.com.",
      );
    }
    const options: ImportRunOptions = {
      images: upload.fields.images === "keep" ? "keep" : "download",
      sourceUrl,
    };
    try {
      const id = await createImportRun(db, {
        accountId: admin.accountId,
        fileName: upload.fileName,
        filePath: upload.path,
        options,
      });
      return redirect(`/admin/import?run=${id}`);
    } catch (error) {
      // No run names the file: nothing would ever remove it.
      await removeUpload(upload.path);
      throw error;
    }
  }

  const form = await readForm(request, importActions);
  if (!form.ok) return adminFormRefused(form);
  const { intent, id } = form.data;
  switch (intent) {
    case "import": {
      const started = await startImportRun(db, id, adminActor(admin, context));
      if (!started.ok) return adminFail(started.status, started.message);
      return redirect(`/admin/import?run=${id}`);
    }
    case "discard":
      if (!(await discardImportRun(db, id))) return adminFail(409, "This import can no longer be discarded.");
      return redirectWithToast("/admin/import", "success", "Import discarded");
  }
}

export const meta: Route.MetaFunction = () => [
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

/** A button that posts one intent (import, discard) for the checked run. */
function RunButton({
  run,
  intent,
  className,
  disabled,
  children,
}: {
  run: ImportRun;
  intent: "import" | "discard";
  className: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={run.id} />
      <button type="submit" name="intent" value={intent} className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}

function RunPanel({ run }: { run: ImportRun }) {
  const progress = useRunProgress(run);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
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
        <p role="alert" className="rounded-xl bg-coral-500/10 p-4 font-medium text-coral-600">
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
          <RunButton run={run} intent="import" className={buttonPrimary} disabled={busy}>
            Import
          </RunButton>
          <RunButton run={run} intent="discard" className={buttonDanger} disabled={busy}>
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
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
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
      <Form
        method="post"
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
      </Form>
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

export default function ImportScreen() {
  const { run, runs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result && "toast" in result ? result.toast : undefined);
  const refused = result && "ok" in result && !result.ok ? result.toast.message : null;
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeader title="Import" />
      {refused && (
        <p role="alert" className="rounded-xl bg-coral-500/10 p-4 font-medium text-coral-600">
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

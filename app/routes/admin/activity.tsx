import { Form, useLoaderData } from "react-router";
import { AdminTable, buttonSecondary, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ACTIVITY_KINDS, type ActivityKind, isActivityKind } from "#app/lib/activity-kinds.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { activityActors, listActivity, pruneActivityHourly } from "#app/server/models/activity.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Route } from "./+types/activity";

export const ACTIVITY_LOAD_FAILED = "Failed to load the activity log.";

/**
 * The activity log, read only: this screen has no action, and no route edits or deletes an entry
 * (entries leave by age alone). `?actor=` and `?kind=` narrow it, `?page=` pages it; a value that
 * names no one and no kind is ignored, as a page past the end gives the last page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const query = new URL(request.url).searchParams;
  const kindParam = query.get("kind") ?? "";
  const kind: ActivityKind | "" = isActivityKind(kindParam) ? kindParam : "";
  return loadOrFail({ heading: "Activity", message: ACTIVITY_LOAD_FAILED }, async () => {
    await pruneActivityHourly(db).catch((err) =>
      log.warn({ err }, "admin activity: pruning old entries failed"),
    );
    const actors = await activityActors(db);
    const actorParam = query.get("actor") ?? "";
    const actor = actors.includes(actorParam) ? actorParam : "";
    const entries = await listActivity(db, {
      actor,
      kind: kind || undefined,
      page: Number(query.get("page") ?? "1"),
    });
    return { entries, actors, actor, kind };
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Activity | Admin" },
  { name: "robots", content: "noindex" },
];

const KIND_OPTIONS = Object.entries(ACTIVITY_KINDS) as [ActivityKind, string][];

const select = "rounded-lg border border-ink-900/15 bg-white px-3 py-2";

export default function Activity() {
  const { entries, actors, actor, kind } = useLoaderData<typeof loader>();
  const filtered = actor !== "" || kind !== "";
  const query = new URLSearchParams([
    ...(actor ? [["actor", actor]] : []),
    ...(kind ? [["kind", kind]] : []),
  ]).toString();
  return (
    <div>
      <PageHeader title="Activity">
        <Form method="get" className="flex flex-wrap items-center gap-3" aria-label="Filter activity">
          <div className="flex items-center gap-2">
            <label htmlFor="activity-actor" className="font-medium">
              Who
            </label>
            <select id="activity-actor" name="actor" defaultValue={actor} className={select}>
              <option value="">Everyone</option>
              {actors.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor="activity-kind" className="font-medium">
              What
            </label>
            <select id="activity-kind" name="kind" defaultValue={kind} className={select}>
              <option value="">Everything</option>
              {KIND_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonSecondary}>
            Show
          </button>
        </Form>
      </PageHeader>
      {entries.items.length === 0 ? (
        <EmptyState>{filtered ? "No activity matches these filters." : "No activity yet."}</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-700">
            {entries.total === 1 ? "1 entry" : `${entries.total} entries`}, newest first.
          </p>
          <AdminTable
            headings={["When", "Who", "What", "Item", "From"]}
            widths={["w-[15%]", "w-[22%]", "w-[25%]", undefined, "w-[12%]"]}
            caption="Activity, newest first"
          >
            {entries.items.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="px-4 py-3 text-sm">
                  <LocalTime seconds={e.at} withTime />
                </td>
                <td className="px-4 py-3 wrap-break-word">{e.actor}</td>
                <td className="px-4 py-3">
                  <span className="font-medium">{e.kindLabel}</span>
                  {e.detail && <span className="block text-sm text-ink-700 wrap-break-word">{e.detail}</span>}
                </td>
                <td className="px-4 py-3 wrap-break-word">{e.itemLabel || "—"}</td>
                <td className="px-4 py-3 text-sm wrap-anywhere">{e.address || "—"}</td>
              </tr>
            ))}
          </AdminTable>
          <Pagination
            page={entries.page}
            pageCount={entries.pageCount}
            basePath="/admin/activity"
            query={query}
          />
        </>
      )}
    </div>
  );
}

import { Link, useFetcher, useLoaderData } from "react-router";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { commentActions } from "#app/forms/admin-actions.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import {
  ADMIN_COMMENTS_LIMIT,
  type AdminComment,
  type CommentStatusFilter,
  countCommentsByStatus,
  listCommentsByBlog,
  markCommentSpam,
  parseCommentStatus,
  toggleApproved,
} from "#app/server/models/comments.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Route } from "./+types/manage-comments";

export const COMMENT_APPROVED = "Comment approved";
export const COMMENT_DISAPPROVED = "Comment disapproved";
export const COMMENT_SPAM = "Comment moved to Spam";
export const COMMENT_NOT_SPAM = "Comment moved to Pending";
export const COMMENT_UPDATE_FAILED = ADMIN_ACTION_MESSAGES.commentUpdateFailed;
export const COMMENTS_LOAD_FAILED = "Failed to load comments.";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const status = parseCommentStatus(new URL(request.url).searchParams.get("status"));
  const [groups, counts] = await loadOrFail({ heading: "Comments", message: COMMENTS_LOAD_FAILED }, () =>
    Promise.all([listCommentsByBlog(db, { status }), countCommentsByStatus(db)]),
  );
  return { status, groups, counts, limit: ADMIN_COMMENTS_LIMIT };
}

/**
 * Approve / Disapprove sets approved to the opposite of its current value; Spam moves a comment to
 * the Spam tab (it stops being public), Not spam back to Pending.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, commentActions);
  // Whatever is wrong with the posted form, the spec's one message for this screen.
  if (!form.ok) return adminFail(form.status, COMMENT_UPDATE_FAILED);
  const { id, intent } = form.data;
  const actor = adminActor(admin, context);
  let done: boolean | null;
  try {
    done =
      intent === "toggle"
        ? await toggleApproved(db, actor, id)
        : await markCommentSpam(db, actor, id, intent === "spam");
  } catch (err) {
    log.error({ err: err }, "admin comments: update failed");
    return adminFail(500, COMMENT_UPDATE_FAILED);
  }
  if (done === null) return adminFail(404, COMMENT_UPDATE_FAILED);
  if (intent === "spam") return adminOk(COMMENT_SPAM);
  if (intent === "not-spam") return adminOk(COMMENT_NOT_SPAM);
  return adminOk(done ? COMMENT_APPROVED : COMMENT_DISAPPROVED);
}

export const meta: Route.MetaFunction = () => [
  { title: "Comments | Admin" },
  { name: "robots", content: "noindex" },
];

const FILTERS: { status: CommentStatusFilter; label: string }[] = [
  { status: "all", label: "All" },
  { status: "pending", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "spam", label: "Spam" },
];

export default function ManageComments() {
  const { status, groups, counts, limit } = useLoaderData<typeof loader>();
  const total = counts.pending + counts.approved;
  const countOf = (s: CommentStatusFilter) => (s === "all" ? total : counts[s]);
  const shown = groups.reduce((n, g) => n + g.comments.length, 0);

  return (
    <div>
      <PageHeader title="Comments">
        <nav aria-label="Filter comments">
          <ul className="flex flex-wrap rounded-3xl bg-white p-1 ring-1 ring-ink-900/10">
            {FILTERS.map((f) => {
              const count = countOf(f.status);
              const active = f.status === status;
              return (
                <li key={f.status}>
                  <Link
                    to={
                      f.status === "all"
                        ? "/admin/manage-comments"
                        : `/admin/manage-comments?status=${f.status}`
                    }
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold ${active ? "bg-ink-900 text-white" : "text-ink-700 hover:bg-sand-100"}`}
                  >
                    {f.label}
                    <span className="tabular-nums opacity-75">({count})</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </PageHeader>

      {groups.length === 0 ? (
        <EmptyState>
          {status === "pending"
            ? "No comments are awaiting approval."
            : status === "approved"
              ? "No approved comments yet."
              : status === "spam"
                ? "No spam. Comments the spam score holds back appear here."
                : "No comments yet."}
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {shown >= limit && (
            <p className="text-sm text-ink-700">
              Showing the newest {limit} comments, pending first. Use the filter to see others.
            </p>
          )}
          {groups.map((g) => (
            <section
              key={g.blogId}
              aria-labelledby={`comments-blog-${g.blogId}`}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2 bg-sand-100 px-5 py-3">
                <h2 id={`comments-blog-${g.blogId}`} className="font-serif text-xl font-semibold">
                  <Link to={`/blogs/${g.blogSlug}`} className="hover:text-sea-700 hover:underline">
                    {g.blogTitle}
                  </Link>
                </h2>
                <span className="text-sm text-ink-700">
                  {g.comments.length === 1 ? "1 comment" : `${g.comments.length} comments`}
                </span>
              </div>
              <ul className="divide-y divide-ink-900/10">
                {g.comments.map((c) => (
                  <CommentRow key={c.id} comment={c} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function CommentRow({ comment }: { comment: AdminComment }) {
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const status = comment.spam ? "Spam" : comment.approved ? "Approved" : "Pending";
  const badge = comment.spam
    ? "bg-coral-600/15 text-ink-900"
    : comment.approved
      ? "bg-sea-600/15 text-sea-800"
      : "bg-amber-100 text-amber-800";
  const secondary =
    "inline-flex items-center rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-60";
  const primary =
    "inline-flex items-center rounded-full bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800 disabled:opacity-60";
  const button = (intent: string, label: string, className: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={comment.id} />
      <button type="submit" disabled={busy} className={className}>
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <li className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold">{comment.name}</span>
          <a href={`mailto:${comment.email}`} className="break-all text-sm text-sea-700 hover:underline">
            {comment.email}
          </a>
          <span className="text-sm text-ink-700">
            <LocalTime seconds={comment.createdAt} withTime />
          </span>
        </p>
        <p className="mt-2 break-words whitespace-pre-line">{comment.comment}</p>
        {comment.spam && comment.spamReasons.length > 0 && (
          <div className="mt-3 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink-700">
            <p className="font-semibold text-ink-900">Why it looks like spam (score {comment.spamScore}):</p>
            <ul className="mt-1 list-disc pl-5">
              {comment.spamReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3 sm:flex-col sm:items-end">
        <span className={`rounded-full px-3 py-1 text-xs font-bold tracking-wide ${badge}`}>{status}</span>
        {comment.spam ? (
          button("not-spam", "Not spam", primary)
        ) : (
          <>
            {button(
              "toggle",
              comment.approved ? "Disapprove" : "Approve",
              comment.approved ? secondary : primary,
            )}
            {button("spam", "Spam", secondary)}
          </>
        )}
      </div>
    </li>
  );
}

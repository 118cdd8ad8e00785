import { Link, useLoaderData } from "react-router";
import { ModerationRow, ModerationSection, RatingStars } from "#app/components/admin/moderation.tsx";
import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { commentActions } from "#app/forms/admin-actions.ts";
import { plural } from "#app/lib/plural.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import {
  ADMIN_COMMENTS_LIMIT,
  type CommentStatusFilter,
  countCommentsByStatus,
  listCommentsByBlog,
  markCommentSpam,
  parseCommentStatus,
  toggleApproved,
} from "#app/server/models/comments.server.ts";
import {
  countRatingsByStatus,
  listRatingsByRecipe,
  markRatingSpam,
  toggleRatingApproved,
} from "#app/server/models/rating-moderation.server.ts";
import type { Route } from "./+types/manage-comments";

export const COMMENT_APPROVED = "Comment approved";
export const COMMENT_DISAPPROVED = "Comment disapproved";
export const COMMENT_SPAM = "Comment moved to Spam";
export const COMMENT_NOT_SPAM = "Comment moved to Pending";
export const RATING_APPROVED = "Rating approved";
export const RATING_DISAPPROVED = "Rating disapproved";
export const RATING_SPAM = "Rating moved to Spam";
export const RATING_NOT_SPAM = "Rating moved to Pending";
export const COMMENT_UPDATE_FAILED = ADMIN_ACTION_MESSAGES.commentUpdateFailed;
export const COMMENTS_LOAD_FAILED = "Failed to load comments.";

/**
 * The blogs' comments and the recipes' ratings (DESIGN §2, "recipe ratings"), under one filter:
 * each tab's count is the comments' and the ratings' together.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const status = parseCommentStatus(new URL(request.url).searchParams.get("status"));
  const [groups, ratingGroups, commentCounts, ratingCounts] = await loadOrFail(
    { heading: "Comments", message: COMMENTS_LOAD_FAILED },
    () =>
      Promise.all([
        listCommentsByBlog(db, { status }),
        listRatingsByRecipe(db, { status }),
        countCommentsByStatus(db),
        countRatingsByStatus(db),
      ]),
  );
  const counts = {
    pending: commentCounts.pending + ratingCounts.pending,
    approved: commentCounts.approved + ratingCounts.approved,
    spam: commentCounts.spam + ratingCounts.spam,
  };
  return { status, groups, ratingGroups, counts, limit: ADMIN_COMMENTS_LIMIT };
}

/** Each kind's moves and the words of their toasts. */
const MODERATION = {
  comment: {
    toggle: toggleApproved,
    spam: markCommentSpam,
    words: {
      approved: COMMENT_APPROVED,
      disapproved: COMMENT_DISAPPROVED,
      spam: COMMENT_SPAM,
      notSpam: COMMENT_NOT_SPAM,
    },
  },
  rating: {
    toggle: toggleRatingApproved,
    spam: markRatingSpam,
    words: {
      approved: RATING_APPROVED,
      disapproved: RATING_DISAPPROVED,
      spam: RATING_SPAM,
      notSpam: RATING_NOT_SPAM,
    },
  },
};

/**
 * Approve / Disapprove sets approved to the opposite of its current value; Spam moves a comment or
 * a rating to the Spam tab (it stops being public), Not spam back to Pending. `kind` says which
 * (none: a comment).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const form = await readForm(request, commentActions);
  // Whatever is wrong with the posted form, the spec's one message for this screen.
  if (!form.ok) return adminFail(form.status, COMMENT_UPDATE_FAILED);
  const { id, intent, kind } = form.data;
  const moderation = MODERATION[kind];
  const actor = adminActor(admin, context);
  let done: boolean | null;
  try {
    done =
      intent === "toggle"
        ? await moderation.toggle(db, actor, id)
        : await moderation.spam(db, actor, id, intent === "spam");
  } catch (err) {
    return adminWriteFailed(err, `admin comments: update failed (${kind})`, COMMENT_UPDATE_FAILED);
  }
  if (done === null) return adminFail(404, COMMENT_UPDATE_FAILED);
  const { words } = moderation;
  if (intent === "spam") return adminOk(words.spam);
  if (intent === "not-spam") return adminOk(words.notSpam);
  return adminOk(done ? words.approved : words.disapproved);
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
  const { status, groups, ratingGroups, counts, limit } = useLoaderData<typeof loader>();
  const total = counts.pending + counts.approved;
  const countOf = (s: CommentStatusFilter) => (s === "all" ? total : counts[s]);
  const shownComments = groups.reduce((n, g) => n + g.comments.length, 0);
  const shownRatings = ratingGroups.reduce((n, g) => n + g.ratings.length, 0);

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

      {groups.length === 0 && ratingGroups.length === 0 ? (
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
          {shownComments >= limit && (
            <p className="text-sm text-ink-700">
              Showing the newest {limit} comments, pending first. Use the filter to see others.
            </p>
          )}
          {shownRatings >= limit && (
            <p className="text-sm text-ink-700">
              Showing the newest {limit} ratings, pending first. Use the filter to see others.
            </p>
          )}
          {groups.map((g) => (
            <ModerationSection
              key={g.blogId}
              id={`comments-blog-${g.blogId}`}
              heading={
                <Link to={`/blogs/${g.blogSlug}`} className="hover:text-sea-700 hover:underline">
                  {g.blogTitle}
                </Link>
              }
              count={plural(g.comments.length, "comment")}
            >
              {g.comments.map((c) => (
                <ModerationRow key={c.id} kind="comment" item={c}>
                  <p className="break-words whitespace-pre-line">{c.comment}</p>
                </ModerationRow>
              ))}
            </ModerationSection>
          ))}
          {ratingGroups.map((g) => (
            <ModerationSection
              key={g.recipeId}
              id={`ratings-recipe-${g.recipeId}`}
              heading={
                <>
                  {"Ratings of "}
                  <Link to={`/recipes/${g.recipeSlug}`} className="hover:text-sea-700 hover:underline">
                    {g.recipeTitle}
                  </Link>
                </>
              }
              count={plural(g.ratings.length, "rating")}
            >
              {g.ratings.map((r) => (
                <ModerationRow key={r.id} kind="rating" item={r}>
                  <RatingStars stars={r.stars} />
                  {r.comment ? (
                    <p className="mt-1 break-words whitespace-pre-line">{r.comment}</p>
                  ) : (
                    <p className="mt-1 text-sm text-ink-700 italic">No comment</p>
                  )}
                </ModerationRow>
              ))}
            </ModerationSection>
          ))}
        </div>
      )}
    </div>
  );
}

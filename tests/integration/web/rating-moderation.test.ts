/**
 * Recipe ratings moderated in /admin/manage-comments (DESIGN §2, "recipe ratings"), through the
 * route's loader and action as React Router calls them, on both engines: the screen lists the
 * blogs' comments and then the recipes' ratings, its tabs count both; each button posts its intent,
 * `kind=rating` and the id, and answers with the rating's toast; a comment's buttons post no kind.
 * A rating's id posted as a comment's, an unknown kind or a visitor changes nothing. The sidebar's
 * badge counts pending comments and ratings together.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Screen = {
  status: string;
  groups: { blogId: number; blogTitle: string; comments: { id: number; name: string }[] }[];
  ratingGroups: {
    recipeId: number;
    recipeTitle: string;
    recipeSlug: string;
    ratings: { id: number; name: string; email: string; stars: number; comment: string; approved: boolean }[];
  }[];
  counts: { pending: number; approved: number; spam: number };
};

describeRoutesEachEngine("rating moderation in /admin/manage-comments", (h) => {
  let route: typeof import("#app/routes/admin/manage-comments.tsx");
  let layout: typeof import("#app/routes/admin/layout.tsx");
  let rateRecipe: typeof import("#app/server/models/ratings.server.ts").rateRecipe;
  let addComment: typeof import("#app/server/models/comments.server.ts").addComment;
  let recipeId = 0;
  let recipeSlug = "";
  let blogId = 0;

  beforeAll(async () => {
    route = await import("#app/routes/admin/manage-comments.tsx");
    layout = await import("#app/routes/admin/layout.tsx");
    ({ rateRecipe } = await import("#app/server/models/ratings.server.ts"));
    ({ addComment } = await import("#app/server/models/comments.server.ts"));
    const { createRecipe } = await import("#app/server/models/recipes.server.ts");
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const recipe = await createRecipe(h.db(), TEST_ACTOR, recipeInput("Saffron rice"));
    recipeId = recipe.id;
    recipeSlug = recipe.slug;
    blogId = (await createBlog(h.db(), TEST_ACTOR, blogInput("Kyoto in autumn"))).id;
  });

  const screen = async (query = "") => (await h.loader(route, `/admin/manage-comments${query}`)) as Screen;
  const post = async (fields: Record<string, string>, cookie?: string) =>
    answered(await answerOf(h.action(route, "/admin/manage-comments", formOf(fields), cookie)));
  const stored = (id: number) =>
    h
      .db()
      .selectFrom("recipe_ratings")
      .select(["approved", "spam", "not_spam"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const lastEntryId = async () =>
    (await h.db().selectFrom("activity_log").select("id").orderBy("id", "desc").limit(1).executeTakeFirst())
      ?.id ?? 0;
  const entriesAfter = (since: number) =>
    h
      .db()
      .selectFrom("activity_log")
      .select(["kind", "actor", "item_label"])
      .where("id", ">", since)
      .orderBy("id")
      .execute();
  /** The screen rendered on the server with `data`, its loader's answer. */
  const render = (data: Screen, query = "") => {
    const Stub = createRoutesStub([
      { id: "comments", path: "/admin/manage-comments", Component: route.default },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/manage-comments${query}`],
        hydrationData: { loaderData: { comments: data } },
      }),
    );
    // Without the markers React puts between two pieces of text.
    return html.replaceAll("<!-- -->", "");
  };
  const toastOf = (answer: { body: Record<string, unknown> }) =>
    (answer.body.toast as { message?: string })?.message;

  it("lists comments and then ratings by recipe, and counts both in the tabs and the sidebar badge", async () => {
    const empty = await screen();
    expect(empty.groups).toEqual([]);
    expect(empty.ratingGroups).toEqual([]);
    expect(empty.counts).toEqual({ pending: 0, approved: 0, spam: 0 });
    expect(render(empty)).toContain("No comments yet.");

    await addComment(h.db(), blogId, { name: "Rui", email: "rui@example.com", comment: "Lovely maples." });
    const ana = await rateRecipe(h.db(), recipeId, {
      stars: 4,
      name: "Ana",
      email: "ana@example.com",
      comment: "",
    });
    await rateRecipe(
      h.db(),
      recipeId,
      { stars: 2, name: "Bo", email: "bo@example.com", comment: "Bland" },
      {
        approve: true,
      },
    );
    await rateRecipe(
      h.db(),
      recipeId,
      { stars: 5, name: "Deals", email: "deals@spam.test", comment: "cheap pills" },
      {
        judgement: {
          spam: true,
          score: 9,
          reasons: ["spam word: pills"],
          fingerprint: "x",
          approvedBefore: 0,
        },
      },
    );

    const all = await screen();
    expect(all.groups.map((g) => [g.blogTitle, g.comments.map((c) => c.name)])).toEqual([
      ["Kyoto in autumn", ["Rui"]],
    ]);
    expect(all.ratingGroups.map((g) => [g.recipeTitle, g.recipeSlug])).toEqual([
      ["Saffron rice", recipeSlug],
    ]);
    expect(
      all.ratingGroups[0]?.ratings.map((r) => [r.name, r.email, r.stars, r.comment, r.approved]),
    ).toEqual([
      ["Ana", "ana@example.com", 4, "", false],
      ["Bo", "bo@example.com", 2, "Bland", true],
    ]);
    expect(all.ratingGroups[0]?.ratings[0]?.id).toBe(ana.id);
    // One pending comment and one pending rating; one approved rating; one rating in Spam.
    expect(all.counts).toEqual({ pending: 2, approved: 1, spam: 1 });

    const spam = await screen("?status=spam");
    expect(spam.status).toBe("spam");
    expect(spam.groups).toEqual([]);
    expect(spam.ratingGroups.flatMap((g) => g.ratings.map((r) => r.name))).toEqual(["Deals"]);
    const pending = await screen("?status=pending");
    expect(pending.groups.flatMap((g) => g.comments.map((c) => c.name))).toEqual(["Rui"]);
    expect(pending.ratingGroups.flatMap((g) => g.ratings.map((r) => r.name))).toEqual(["Ana"]);

    const html = render(all);
    expect(html).not.toContain("No comments yet.");
    // The blog's comments come first, then the recipe's ratings under their own heading.
    expect(html.indexOf("Lovely maples.")).toBeGreaterThan(-1);
    expect(html.indexOf("Lovely maples.")).toBeLessThan(html.indexOf("Ratings of"));
    expect(html).toMatch(
      new RegExp(
        `<h2 id="ratings-recipe-${recipeId}"[^>]*>Ratings of <a [^>]*href="/recipes/${recipeSlug}"[^>]*>Saffron rice</a></h2>`,
      ),
    );
    expect(html).toContain("2 ratings");
    // The stars drawn, hidden from screen readers, and said in words; an empty comment says so.
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>★★★★☆<\/span><span[^>]*>4 out of 5 stars<\/span>/);
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>★★☆☆☆<\/span><span[^>]*>2 out of 5 stars<\/span>/);
    expect(html.match(/No comment</g)).toHaveLength(1);
    expect(html).toContain("Bland");
    // Each rating's buttons post kind=rating; the comment's post kind=comment.
    expect(html.match(/name="kind" value="rating"/g)).toHaveLength(4);
    expect(html.match(/name="kind" value="comment"/g)).toHaveLength(2);
    expect(html).toContain(`name="id" value="${ana.id}"`);
    const spamHtml = render(await screen("?status=spam"), "?status=spam");
    // No comment in Spam, but a rating: the tab is not empty.
    expect(spamHtml).not.toContain("No spam.");
    expect(spamHtml).toContain("Why it looks like spam (score 9):");
    expect(spamHtml).toContain("spam word: pills");
    expect(spamHtml).toContain("5 out of 5 stars");
    expect(spamHtml).toContain(">Not spam</button>");

    const sidebar = answered(await h.loader(layout, "/admin")).body as { counts: { pending: number } };
    expect(sidebar.counts.pending).toBe(2);
  });

  it("approves, disapproves, spams and restores a rating posted with kind=rating, with the rating's toasts", async () => {
    const { id } = await rateRecipe(h.db(), recipeId, {
      stars: 3,
      name: "Cy",
      email: "cy@example.com",
      comment: "Good with yoghurt",
    });
    const act = (intent: string) => post({ intent, kind: "rating", id: String(id) });

    let since = await lastEntryId();
    let answer = await act("toggle");
    expect([answer.status, toastOf(answer)]).toEqual([200, route.RATING_APPROVED]);
    expect(route.RATING_APPROVED).toBe("Rating approved");
    expect(await stored(id)).toMatchObject({ approved: 1, spam: 0 });
    const entries = await entriesAfter(since);
    expect(entries).toEqual([
      { kind: "rating_approved", actor: "owner@example.com", item_label: "Cy on Saffron rice (3 stars)" },
    ]);

    answer = await act("toggle");
    expect([answer.status, toastOf(answer)]).toEqual([200, "Rating disapproved"]);
    expect(await stored(id)).toMatchObject({ approved: 0, spam: 0 });

    answer = await act("spam");
    expect([answer.status, toastOf(answer)]).toEqual([200, "Rating moved to Spam"]);
    expect(await stored(id)).toMatchObject({ approved: 0, spam: 1 });
    // In the Spam tab, Approve is refused: first "Not spam".
    answer = await act("toggle");
    expect([answer.status, toastOf(answer)]).toEqual([404, route.COMMENT_UPDATE_FAILED]);
    expect(await stored(id)).toMatchObject({ approved: 0, spam: 1 });

    answer = await act("not-spam");
    expect([answer.status, toastOf(answer)]).toEqual([200, "Rating moved to Pending"]);
    expect(await stored(id)).toMatchObject({ approved: 0, spam: 0, not_spam: 1 });

    since = await lastEntryId();
    expect((await post({ intent: "toggle", kind: "rating", id: "987654" })).status).toBe(404);
    expect(await entriesAfter(since)).toEqual([]);
  });

  it("keeps a comment's buttons working without a kind, and never takes a rating's id for a comment's", async () => {
    const comment = await addComment(h.db(), blogId, {
      name: "Lu",
      email: "lu@example.com",
      comment: "Thanks",
    });
    const rating = await rateRecipe(h.db(), recipeId, {
      stars: 5,
      name: "Mo",
      email: "mo@example.com",
      comment: "",
    });
    // No comment has this id: a comment's move of it finds nothing.
    const commentIds = await h.db().selectFrom("comments").select("id").execute();
    expect(commentIds.map((c) => c.id)).toContain(comment.id);
    expect(commentIds.map((c) => c.id)).not.toContain(rating.id);

    let answer = await post({ intent: "toggle", id: String(comment.id) });
    expect([answer.status, toastOf(answer)]).toEqual([200, route.COMMENT_APPROVED]);
    answer = await post({ intent: "toggle", kind: "comment", id: String(comment.id) });
    expect([answer.status, toastOf(answer)]).toEqual([200, route.COMMENT_DISAPPROVED]);

    const since = await lastEntryId();
    for (const intent of ["toggle", "spam", "not-spam"]) {
      answer = await post({ intent, kind: "comment", id: String(rating.id) });
      expect([intent, answer.status, toastOf(answer)]).toEqual([intent, 404, route.COMMENT_UPDATE_FAILED]);
      answer = await post({ intent, id: String(rating.id) });
      expect([intent, answer.status]).toEqual([intent, 404]);
    }
    expect(await stored(rating.id)).toEqual({ approved: 0, spam: 0, not_spam: 0 });
    expect(await entriesAfter(since)).toEqual([]);
  });

  it("refuses an unknown kind and a visitor, changing nothing", async () => {
    const { id } = await rateRecipe(h.db(), recipeId, {
      stars: 1,
      name: "Ned",
      email: "ned@example.com",
      comment: "",
    });
    const since = await lastEntryId();
    for (const kind of ["bogus", "Rating", "comments"]) {
      const answer = await post({ intent: "toggle", kind, id: String(id) });
      expect([kind, answer.status, toastOf(answer)]).toEqual([kind, 400, route.COMMENT_UPDATE_FAILED]);
    }
    // A visitor is sent to the login screen, by the action and the loader alike.
    const visitor = await answerOf(
      h.action(
        route,
        "/admin/manage-comments",
        formOf({ intent: "toggle", kind: "rating", id: String(id) }),
        "",
      ),
    );
    const screenForVisitor = await answerOf(h.loader(route, "/admin/manage-comments", ""));
    for (const refused of [visitor, screenForVisitor]) {
      expect(refused).toBeInstanceOf(Response);
      const response = refused as Response;
      expect([response.status, response.headers.get("location")]).toEqual([302, "/admin/login"]);
    }
    expect(await stored(id)).toEqual({ approved: 0, spam: 0, not_spam: 0 });
    expect(await entriesAfter(since)).toEqual([]);
  });
});

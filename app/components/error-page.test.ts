import { UNSAFE_ErrorResponseImpl as ErrorResponse, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import * as ownersPage from "#app/routes/$slug.tsx";
import * as blog from "#app/routes/blogs/$slug.tsx";
import * as category from "#app/routes/blogs/category/$slug.tsx";
import * as destination from "#app/routes/destinations/$spotname.tsx";
import * as recipe from "#app/routes/recipes/$slug.tsx";
import * as recipePrint from "#app/routes/recipes/print.tsx";
import * as staticPage from "#app/routes/static-page.tsx";
import { errorPageTitle } from "./error-page.tsx";

/** A route's error response as React Router hands it to meta (what `throw data(…)` becomes). */
function errorResponse(status: number): unknown {
  const error = new ErrorResponse(status, "", null);
  expect(isRouteErrorResponse(error)).toBe(true);
  return error;
}

describe("errorPageTitle", () => {
  it("names what the error page shows", () => {
    expect(errorPageTitle(undefined)).toBe("Page not found");
    expect(errorPageTitle(null)).toBe("Page not found");
    expect(errorPageTitle(errorResponse(404))).toBe("Page not found");
    expect(errorPageTitle(errorResponse(403))).toBe("Request refused");
    expect(errorPageTitle(errorResponse(500))).toBe("Something went wrong");
    expect(errorPageTitle(new Error("database or disk is full"))).toBe("Something went wrong");
  });

  // A failed comment on a blog used to show "Something went wrong" under the tab title "Page not found".
  it.each([
    ["an owner's page", ownersPage.meta],
    ["a blog", blog.meta],
    ["a category", category.meta],
    ["a destination", destination.meta],
    ["a recipe", recipe.meta],
    ["a printed recipe", recipePrint.meta],
    ["a static page", staticPage.meta],
  ])("%s with no data says what happened in its title", (_name, meta) => {
    const titleFor = (error: unknown) => {
      const args = { loaderData: undefined, error, matches: [], params: {}, location: {}, data: undefined };
      const tags = (meta as (a: unknown) => { title?: string }[])(args);
      return tags.find((tag) => tag.title !== undefined)?.title ?? "";
    };
    expect(titleFor(new Error("boom"))).toMatch(/^Something went wrong\b/);
    expect(titleFor(errorResponse(404))).toMatch(/^Page not found\b/);
  });

  // React Router hands meta a null error when no route failed: these routes' loaders answer a
  // missing page with no page (and a 404), not an error.
  it.each([
    ["an owner's page", ownersPage.meta],
    ["a static page", staticPage.meta],
  ])("%s that is not there is titled as not found", (_name, meta) => {
    const tags = (meta as (a: unknown) => { title?: string }[])({
      loaderData: { page: null, url: "" },
      error: null,
      matches: [],
    });
    expect(tags.find((tag) => tag.title !== undefined)?.title).toMatch(/^Page not found\b/);
  });
});

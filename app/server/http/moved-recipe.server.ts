/**
 * Where an old slug of a renamed recipe sends the reader: the recipe's page (or its `suffix`, such
 * as `/print`) under its slug now, with the query the reader asked with (`?servings=`, `?images=`).
 */
export function movedRecipePath(slug: string, request: Request, suffix = ""): string {
  return `/recipes/${encodeURIComponent(slug)}${suffix}${new URL(request.url).search}`;
}

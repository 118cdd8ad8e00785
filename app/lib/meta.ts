import type { MetaDescriptor } from "react-router";
import { FALLBACK_BRAND } from "./site.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site name from the public layout's loader data, for page titles. */
export function siteNameOf(matches: ReadonlyArray<MatchLike | undefined>): string {
  const layout = matches.find((m) => m?.id === "routes/public-layout")?.loaderData as
    | { info?: { name?: string } }
    | undefined;
  return layout?.info?.name || FALLBACK_BRAND;
}

/** Title, description and the Open Graph basics every public page carries. */
export function pageMeta({
  title,
  description,
  url,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  url?: string;
  image?: string;
  type?: string;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}

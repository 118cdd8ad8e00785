import { categoryPath } from "#app/lib/category.ts";
import { SiteLink } from "./site-link.tsx";

/**
 * A blog's category as its chip shows it, linked to the category's page; a name with nothing to
 * slug (only emoji or symbols) has no page and stays plain text. The chip's look is its parent's.
 */
export function CategoryChip({ name, className }: { name: string; className?: string }) {
  const path = categoryPath(name);
  if (!path) return <>{name}</>;
  return (
    <SiteLink to={path} className={className}>
      {name}
    </SiteLink>
  );
}

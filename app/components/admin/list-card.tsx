import { ContentImage } from "#app/components/images.tsx";
import type { ImageRef } from "#app/lib/images.ts";

/**
 * Each kind's cover as its public card cuts it (a blog's 16:10, a recipe's 4:3), with the widths
 * it takes in its admin list's grid.
 */
const COVERS = {
  blog: { height: 300, aspect: "aspect-[16/10]", sizes: "(min-width: 1280px) 25vw, 40vw" },
  recipe: {
    height: 360,
    aspect: "aspect-[4/3]",
    sizes: "(min-width: 1280px) 22vw, (min-width: 768px) 40vw, 100vw",
  },
} as const;

/**
 * A card of the admin's blog or recipe list: the cover on top (decorative: the title below says
 * what the card is), then the card's body.
 */
export function AdminListCard({
  kind,
  image,
  labelledBy,
  children,
}: {
  kind: keyof typeof COVERS;
  image: ImageRef;
  /** The id of the card's title, when the card is to be read as a region of that name. */
  labelledBy?: string;
  children: React.ReactNode;
}) {
  const cover = COVERS[kind];
  return (
    <article
      aria-labelledby={labelledBy}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5"
    >
      <ContentImage
        image={image}
        alt=""
        width={480}
        height={cover.height}
        sizes={cover.sizes}
        className={`${cover.aspect} w-full object-cover`}
      />
      <div className="flex flex-1 flex-col p-5">{children}</div>
    </article>
  );
}

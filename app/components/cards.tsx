import { formatLongDate } from "#app/lib/dates.ts";
import { type DestinationCard as DestinationCardData, destinationPath } from "#app/lib/destinations.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { CategoryChip } from "./category-chip.tsx";
import { FavoriteButton } from "./favorites.tsx";
import { ArrowRightIcon, CalendarIcon, PinIcon } from "./icons.tsx";
import { ContentImage, DestinationPicture } from "./images.tsx";
import { LocalTime } from "./local-time.tsx";
import { SiteLink } from "./site-link.tsx";

export function TrendingBadge() {
  return (
    <span className="rounded-full bg-coral-600 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
      Trending
    </span>
  );
}

/** Cards sit under a section's h2 (home) or straight under the page's h1 (list pages). */
type HeadingLevel = 2 | 3;

export function DestinationCard({
  destination,
  priority,
  headingLevel = 3,
}: {
  destination: DestinationCardData;
  priority?: boolean;
  headingLevel?: HeadingLevel;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = destinationPath(destination);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5 transition hover:shadow-lg">
      <div className="relative aspect-[3/2] overflow-hidden">
        <DestinationPicture
          image={destination.image}
          alt={destination.imageAlt}
          width={1280}
          height={853}
          priority={priority}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        {destination.tag === "trending" && (
          <div className="absolute top-3 left-3">
            <TrendingBadge />
          </div>
        )}
        <div className="absolute top-3 right-3 z-10">
          <FavoriteButton destination={destination} />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm font-medium text-sea-700">
          <PinIcon className="size-4" />{" "}
          {[destination.location, destination.theme].filter(Boolean).join(" · ")}
        </p>
        <Heading className="mt-2 font-serif text-2xl font-semibold">
          <SiteLink to={href} className="after:absolute after:inset-0 hover:text-sea-700">
            {destination.name}
          </SiteLink>
        </Heading>
        <p className="mt-2 flex-1 text-ink-700">{destination.short}</p>
        {destination.bestTime && (
          <p className="mt-4 flex items-center gap-1.5 text-sm text-ink-700">
            <CalendarIcon className="size-4" /> Best time: {destination.bestTime}
          </p>
        )}
      </div>
    </article>
  );
}

/** Every blog card shows a Date (long US form) and a Created At (viewer's locale). */
export function BlogDates({
  date,
  createdAt,
  className = "",
}: {
  date: string;
  createdAt: number;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-2 gap-2 text-sm ${className}`}>
      <div>
        <dt className="font-semibold">Date</dt>
        <dd className="text-ink-700">{formatLongDate(date)}</dd>
      </div>
      <div>
        <dt className="font-semibold">Created At</dt>
        <dd className="text-ink-700">
          <LocalTime seconds={createdAt} />
        </dd>
      </div>
    </dl>
  );
}

export interface BlogCardData {
  slug: string;
  title: string;
  excerpt: string;
  hasMore: boolean;
  date: string;
  createdAt: number;
  category: string;
  image: ImageRef;
  /** The image's alt text (absent: the image is left unannounced, the title beside it says it all). */
  imageAlt?: string;
}

/** Image, title, 200-character excerpt, Read More when longer, Date and Created At. */
export function BlogCard({
  blog,
  priority,
  headingLevel = 3,
}: {
  blog: BlogCardData;
  priority?: boolean;
  headingLevel?: HeadingLevel;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blogs/${blog.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5">
      <SiteLink to={href} tabIndex={-1} aria-hidden="true" className="block aspect-[16/10] overflow-hidden">
        <ContentImage
          image={blog.image}
          alt={blog.imageAlt ?? ""}
          width={960}
          height={600}
          priority={priority}
          className="size-full object-cover transition duration-500 hover:scale-105"
        />
      </SiteLink>
      <div className="flex flex-1 flex-col p-6">
        {blog.category && (
          <p className="text-sm font-semibold tracking-wider text-sea-700 uppercase">
            <CategoryChip name={blog.category} className="hover:text-sea-800 hover:underline" />
          </p>
        )}
        <Heading className="mt-2 font-serif text-2xl leading-snug font-semibold">
          <SiteLink to={href} className="hover:text-sea-700">
            {blog.title}
          </SiteLink>
        </Heading>
        <p className="mt-3 flex-1 text-ink-700">
          {blog.excerpt}
          {blog.hasMore ? "…" : ""}
        </p>
        <BlogDates
          date={blog.date}
          createdAt={blog.createdAt}
          className="mt-4 border-t border-ink-900/10 pt-4"
        />
        {blog.hasMore && (
          <SiteLink
            to={href}
            className="mt-5 inline-flex w-fit items-center gap-2 rounded-full bg-ink-900 px-5 py-2.5 font-semibold text-white hover:bg-sea-700"
          >
            {/* Seen as "Read More"; heard (and indexed) with the title, so every link says where it goes. */}
            Read More<span className="sr-only">: {blog.title}</span> <ArrowRightIcon />
          </SiteLink>
        )}
      </div>
    </article>
  );
}

export interface RecipeCardData {
  slug: string;
  title: string;
  short: string;
  image: ImageRef;
  imageAlt?: string;
  calories: number;
  type: string | null;
}

export function RecipeCard({
  recipe,
  headingLevel = 3,
}: {
  recipe: RecipeCardData;
  headingLevel?: HeadingLevel;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-900/5">
      <div className="relative aspect-[4/3] overflow-hidden">
        <ContentImage
          image={recipe.image}
          alt={recipe.imageAlt ?? ""}
          width={960}
          height={720}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        {recipe.type === "trending" && (
          <div className="absolute top-3 left-3">
            <TrendingBadge />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-serif text-xl font-semibold">
          <SiteLink
            to={`/recipes/${recipe.slug}`}
            className="after:absolute after:inset-0 hover:text-sea-700"
          >
            {recipe.title}
          </SiteLink>
        </Heading>
        <p className="mt-2 flex-1 text-ink-700">{recipe.short}</p>
        <p className="mt-3 text-sm font-semibold text-sea-700">{recipe.calories} kcal</p>
      </div>
    </article>
  );
}

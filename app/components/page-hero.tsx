import type { DestinationImage } from "#app/lib/destinations.ts";
import { DestinationPicture } from "./images.tsx";

/** The dark title band of inner pages: it continues the dark header that sits over it. */
export function PageHero({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-ink-900 text-white">
      <div className="mx-auto max-w-7xl px-4 pt-32 pb-14 sm:px-6 sm:pt-36">
        {eyebrow && <p className="font-semibold tracking-wider text-sand-200 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-white/80">{children}</div>}
      </div>
    </div>
  );
}

/**
 * A full-bleed photo band (the home page's opening, a destination's header): a built-in
 * destination image covers it, a dark gradient from its foot keeps the text on it legible, and
 * the content sits at the bottom. `className` gives its height and top padding, `shade` the
 * gradient's middle and top stops.
 */
export function PhotoHero({
  as: Tag = "section",
  image,
  alt,
  className,
  shade,
  children,
}: {
  as?: "section" | "header";
  /**
   * A destination's picture, or the base path of a picture shipped with the site
   * (`/images/destinations/…`); none: the band is plain dark.
   */
  image: DestinationImage | string | undefined;
  alt: string;
  className: string;
  shade: string;
  children: React.ReactNode;
}) {
  return (
    <Tag className={`relative isolate flex items-end overflow-hidden bg-ink-900 ${className}`}>
      {image && (
        <DestinationPicture
          image={typeof image === "string" ? { kind: "builtin", base: image } : image}
          alt={alt}
          width={1280}
          height={853}
          priority
          sizes="100vw"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      )}
      <div className={`absolute inset-0 -z-10 bg-gradient-to-t from-ink-900/90 ${shade}`} />
      {children}
    </Tag>
  );
}

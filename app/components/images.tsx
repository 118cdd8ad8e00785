import {
  type DestinationImage as DestinationImageRef,
  destinationImageSources,
} from "#app/lib/destinations.ts";
import { type ImageRef, imageSources } from "#app/lib/images.ts";

interface ImgProps {
  alt: string;
  className?: string;
  sizes?: string;
  width: number;
  height: number;
  priority?: boolean;
}

const loadingProps = (priority?: boolean) =>
  priority
    ? ({ fetchPriority: "high", loading: "eager" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);

/** An uploaded image (resized WebP variants) or an admin-given URL; a soft placeholder when neither. */
export function ContentImage({
  image,
  sizes = "(min-width: 768px) 33vw, 100vw",
  ...props
}: ImgProps & { image: ImageRef }) {
  return <SourcedImage sources={imageSources(image)} sizes={sizes} {...props} />;
}

/**
 * A destination's picture: one shipped with the site (`base` + "-640.webp" / "-1280.webp", as the
 * built-in destinations always were), an upload (its WebP widths) or a URL; a soft placeholder
 * when it has none.
 */
export function DestinationPicture({
  image,
  sizes = "(min-width: 768px) 50vw, 100vw",
  ...props
}: ImgProps & { image: DestinationImageRef }) {
  return <SourcedImage sources={destinationImageSources(image)} sizes={sizes} {...props} />;
}

/** An image from its sources (a srcset when it has widths), or the soft placeholder without any. */
function SourcedImage({
  sources,
  alt,
  className,
  sizes,
  width,
  height,
  priority,
}: ImgProps & { sources: { src: string; srcSet?: string } | null; sizes: string }) {
  if (!sources) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`bg-gradient-to-br from-sea-600 to-ink-700 ${className ?? ""}`}
      />
    );
  }
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      {...loadingProps(priority)}
    />
  );
}

/**
 * The picture at the head of a blog's or a recipe's public page, under its title band: the page
 * column's whole width, fetched first. `aspect` gives its shape (Tailwind aspect classes) and
 * `height` the matching intrinsic height for a width of 1600.
 */
export function LeadImage({
  image,
  alt,
  height,
  aspect,
}: {
  image: ImageRef;
  alt: string;
  height: number;
  aspect: string;
}) {
  return (
    <ContentImage
      image={image}
      alt={alt}
      width={1600}
      height={height}
      priority
      sizes="(min-width: 1024px) 1024px, 100vw"
      className={`mt-10 ${aspect} w-full rounded-2xl object-cover shadow-lg`}
    />
  );
}

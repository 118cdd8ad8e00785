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
  alt,
  className,
  sizes = "(min-width: 768px) 33vw, 100vw",
  width,
  height,
  priority,
}: ImgProps & { image: ImageRef }) {
  const sources = imageSources(image);
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

/** A built-in destination image: `base` + "-640.webp" / "-1280.webp". */
export function DestinationImage({
  base,
  alt,
  className,
  sizes = "(min-width: 768px) 50vw, 100vw",
  width,
  height,
  priority,
}: ImgProps & { base: string }) {
  return (
    <img
      src={`${base}-1280.webp`}
      srcSet={`${base}-640.webp 640w, ${base}-1280.webp 1280w`}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      className={className}
      {...loadingProps(priority)}
    />
  );
}

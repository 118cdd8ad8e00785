import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
      <h1 className="font-serif text-3xl font-semibold">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-3">{children}</div>}
    </div>
  );
}

export const buttonPrimary =
  "inline-flex items-center gap-2 rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800 disabled:opacity-60";
export const buttonSecondary =
  "inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-60";
export const buttonDanger =
  "inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold text-coral-600 ring-1 ring-coral-600/40 hover:bg-coral-500/10";

/**
 * The small (96 × 64) picture of an image in the back office: a row of the media library, the
 * current image of a blog or recipe form. `lazy` for the many rows of a list.
 */
export function Thumbnail({ src, alt, lazy }: { src: string; alt: string; lazy?: boolean }) {
  return (
    <img
      src={src}
      alt={alt}
      width={96}
      height={64}
      loading={lazy ? "lazy" : undefined}
      className="h-16 w-24 rounded-lg bg-sand-100 object-cover"
    />
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-2xl bg-white p-10 text-center text-lg text-ink-700 ring-1 ring-ink-900/5">
      {children}
    </p>
  );
}

export function LoadError({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-2xl bg-coral-500/10 p-6 text-center font-medium text-coral-700">
      {children}
    </p>
  );
}

/**
 * After data changes (or a refresh) the list shows a spinner for 200 ms, then the cards.
 * `version` changes whenever the data does.
 */
export function useSettlingSpinner(version: unknown): boolean {
  const [spinning, setSpinning] = useState(false);
  const [first, setFirst] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs on each data change by design
  useEffect(() => {
    if (first) {
      setFirst(false);
      return;
    }
    setSpinning(true);
    const t = setTimeout(() => setSpinning(false), 200);
    return () => clearTimeout(t);
  }, [version]);
  return spinning;
}

export function ListSpinner() {
  return (
    <div role="status" className="flex items-center justify-center py-16">
      <span
        className="size-8 animate-spin rounded-full border-4 border-sea-600 border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">Loading</span>
    </div>
  );
}

/** Re-reads the page's data (the lists' Refresh button). */
export function RefreshButton() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state !== "idle" || navigation.state === "loading";
  return (
    <button
      type="button"
      className={buttonSecondary}
      onClick={() => revalidator.revalidate()}
      disabled={busy}
    >
      Refresh
    </button>
  );
}

/**
 * The admin's data tables (users, messages, site numbers, an import's report): a horizontally
 * scrolling frame, one header row of column names, and the rows given as children. `widths` fixes
 * the column widths (a Tailwind width class per column; undefined leaves a column to take the
 * rest). A heading given as `{ hidden }` is read to screen readers only: a column of buttons needs
 * a name, not a label on screen. `caption` names the table for screen readers only.
 */
export function AdminTable({
  headings,
  widths,
  framed = true,
  dense = false,
  caption,
  children,
}: {
  headings: (string | { hidden: string })[];
  widths?: (string | undefined)[];
  /** false: a plain outline, for a table inside a card that is already white. */
  framed?: boolean;
  /** Smaller type and cells, for one table among several (an import's report); outlined, not framed. */
  dense?: boolean;
  caption?: string;
  children: React.ReactNode;
}) {
  const frame = dense
    ? "rounded-xl ring-1 ring-ink-900/10"
    : `rounded-2xl ${framed ? "bg-white shadow-sm ring-1 ring-ink-900/5" : "ring-1 ring-ink-900/10"}`;
  const th = dense ? "px-3 py-2" : "px-4 py-3";
  return (
    // `relative`: a screen-reader-only header (absolutely placed) stays inside the scrolling frame
    // instead of widening the whole page on a phone.
    <div className={`relative overflow-x-auto ${frame}`}>
      {/* Fixed columns would squeeze to nothing on a phone: below this width the frame scrolls. */}
      <table
        className={["w-full text-left", dense && "text-sm", widths && "min-w-2xl table-fixed"]
          .filter(Boolean)
          .join(" ")}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        {widths && (
          <colgroup>
            {widths.map((width, i) => (
              <col key={i} className={width} />
            ))}
          </colgroup>
        )}
        <thead className="bg-sand-100 text-sm font-semibold text-ink-900">
          <tr>
            {headings.map((heading) =>
              typeof heading === "string" ? (
                <th key={heading} scope="col" className={th}>
                  {heading}
                </th>
              ) : (
                <th key={heading.hidden} scope="col" className={th}>
                  <span className="sr-only">{heading.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/10">{children}</tbody>
      </table>
    </div>
  );
}

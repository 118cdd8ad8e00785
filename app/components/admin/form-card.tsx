import type { useFetcher } from "react-router";
import { TitledSection } from "#app/components/titled-section.tsx";

/**
 * A titled card of a settings screen holding one form (the site info, renaming a category): the
 * card's heading names the form too, and the form posts `intent` with the screen's fetcher. The
 * form is mounted afresh whenever `saved` changes, so after a save it shows the values as the
 * server stored them (trimmed, normalised).
 */
export function FormCard({
  id,
  title,
  intro,
  fetcher,
  intent,
  saved,
  grid,
  action,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  fetcher: Pick<ReturnType<typeof useFetcher>, "Form">;
  intent: string;
  /** The saved data the form shows. */
  saved: unknown;
  /** The form grid's column classes. */
  grid: string;
  /** Where the form posts, when it has an address of its own (the screen's own by default). */
  action?: string;
  children: React.ReactNode;
}) {
  return (
    <TitledSection id={id} title={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5">
      <p className="mt-1 text-ink-700">{intro}</p>
      <fetcher.Form
        key={JSON.stringify(saved)}
        method="post"
        action={action}
        noValidate
        aria-labelledby={id}
        className={`mt-6 grid gap-4 ${grid}`}
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
      </fetcher.Form>
    </TitledSection>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import type { useFetcher } from "react-router";

/** A <dialog> shown as a modal while `open` is true (showModal traps focus; Escape closes it). */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A confirmation before anything is deleted or thrown away. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useModalDialog(open);
  const messageId = useId();
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={messageId}
      onClose={onCancel}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-6 text-ink-900 shadow-2xl backdrop:bg-ink-900/60"
    >
      <p id={messageId} className="text-lg font-medium">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-5 py-2.5 font-semibold ring-1 ring-ink-900/15 hover:bg-sand-100"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className="rounded-full bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-500"
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/** The question before a blog, a recipe or a domain's numbers are deleted. */
export const deleteQuestion = (name: string) => `Delete "${name}"? This cannot be undone.`;

/**
 * The back office's delete flow, one row at a time: `ask(row)` opens the question `message(row)`;
 * Delete (or `confirmLabel`) posts `fields(row)` (the action's intent and the row's key) with
 * `fetcher`, and Cancel forgets the row. Render `dialog` once on the screen.
 */
export function useConfirmDelete<Row>(
  fetcher: Pick<ReturnType<typeof useFetcher>, "submit">,
  message: (row: Row) => string,
  fields: (row: Row) => Record<string, string>,
  confirmLabel?: string,
) {
  const [row, setRow] = useState<Row | null>(null);
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      message={row !== null ? message(row) : ""}
      confirmLabel={confirmLabel}
      onCancel={() => setRow(null)}
      onConfirm={() => {
        if (row !== null) fetcher.submit(fields(row), { method: "post" });
        setRow(null);
      }}
    />
  );
  return { ask: setRow, dialog };
}

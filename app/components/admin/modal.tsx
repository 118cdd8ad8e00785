import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "#app/components/icons.tsx";

/** A <dialog> shown as a modal while `open` is true (showModal traps focus; Escape closes it). */
function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A modal dialog (native <dialog>: focus trap, Escape, backdrop) with a title and a close (X) control. */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto max-h-[92vh] overflow-y-auto rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60 ${wide ? "w-[min(94vw,56rem)]" : "w-[min(94vw,36rem)]"}`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-ink-900/10 bg-white px-6 py-4">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand-100"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="px-6 py-5">{open && children}</div>
    </dialog>
  );
}

/** A confirmation before anything is deleted. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel = "Delete",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  confirmLabel?: string;
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
          Cancel
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

import { createContext, useContext, useEffect, useId, useState } from "react";
import { DialogCloseButton } from "#app/components/dialog-close-button.tsx";
import { useModalDialog } from "./confirm-dialog.tsx";
import { DiscardDialog, useFormBaseline, useLeavePrompt } from "./unsaved-changes.tsx";

/** How a control inside a modal asks to close it (the unsaved-changes check included). */
const RequestCloseContext = createContext<() => void>(() => {});

/** A Cancel button for a modal's form: closes it as the X does, asking first when there are unsaved changes. */
export function CloseModalButton({ className, children }: { className?: string; children: React.ReactNode }) {
  const requestClose = useContext(RequestCloseContext);
  return (
    <button type="button" className={className} onClick={requestClose}>
      {children}
    </button>
  );
}

/** Reload, close and in-app navigation ask first while the open modal's form has unsaved changes. */
function LeaveGuard({ isDirty }: { isDirty(): boolean }) {
  return useLeavePrompt(isDirty);
}

/**
 * A modal dialog (native <dialog>: focus trap, Escape, a click on the backdrop) with a title and a
 * close (X) control. With `guardUnsaved`, closing it (X, Escape, backdrop, a CloseModalButton)
 * while its form differs from how it opened asks first; closing it from code (after a save) never does.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
  guardUnsaved = false,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: React.ReactNode;
  wide?: boolean;
  guardUnsaved?: boolean;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const { capture, isDirty } = useFormBaseline();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    capture(open && guardUnsaved ? (ref.current?.querySelector("form") ?? null) : null);
  }, [open, guardUnsaved, capture, ref]);
  const requestClose = () => (isDirty() ? setAsking(true) : onClose());
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // React passes a nested dialog's close and cancel events up to this one: only its own count.
      onClose={(e) => {
        if (e.target !== e.currentTarget) return;
        // Closed by the browser itself while still meant to be open (an Escape it would not let
        // us hold, a light dismiss) with unsaved changes: open it again and ask.
        if (open && isDirty()) {
          e.currentTarget.showModal();
          setAsking(true);
          return;
        }
        onClose();
      }}
      onKeyDown={(e) => {
        // Escape is answered here, on the key itself: Chromium lets a page hold back a dialog's
        // cancel event only after a fresh user activation, so onCancel alone lets some Escapes
        // through. A nested dialog (the question itself) handles its own Escape.
        if (e.key !== "Escape" || (e.target as Element).closest("dialog") !== e.currentTarget) return;
        e.preventDefault();
        requestClose();
      }}
      onCancel={(e) => {
        if (e.target !== e.currentTarget) return;
        // Escape: the dialog stays until the question is answered.
        e.preventDefault();
        requestClose();
      }}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const outside =
          e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom;
        if (e.target === e.currentTarget && outside) requestClose();
      }}
      className={`m-auto max-h-[92vh] overflow-y-auto rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60 ${wide ? "w-[min(94vw,56rem)]" : "w-[min(94vw,36rem)]"}`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-ink-900/10 bg-white px-6 py-4">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          {title}
        </h2>
        <DialogCloseButton onClick={requestClose} />
      </div>
      <RequestCloseContext.Provider value={requestClose}>
        <div className="px-6 py-5">{open && children}</div>
      </RequestCloseContext.Provider>
      {open && guardUnsaved && <LeaveGuard isDirty={isDirty} />}
      <DiscardDialog
        open={asking}
        onStay={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </dialog>
  );
}

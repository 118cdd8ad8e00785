import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** The question asked before unsaved changes are thrown away, and its two answers. */
const UNSAVED = {
  question: "Discard your unsaved changes?",
  stay: "Keep editing",
  leave: "Discard changes",
};

/** A form's fields as one string, to compare with how they stood; a file counts by name and size. */
function snapshot(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const [name, value] of new FormData(form)) {
    parts.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return JSON.stringify(parts);
}

/**
 * Remembers how a form stood (`capture`) and tells whether it differs now (`isDirty`). Compared on
 * demand, when someone is about to leave, so every kind of change counts (a list row removed, a
 * toolbar format, a restored autosave) and typing something back as it was does not.
 */
export function useFormBaseline() {
  const form = useRef<HTMLFormElement | null>(null);
  const baseline = useRef("");
  const capture = useCallback((el: HTMLFormElement | null) => {
    form.current = el;
    baseline.current = el ? snapshot(el) : "";
  }, []);
  const isDirty = useCallback(
    () => Boolean(form.current?.isConnected && snapshot(form.current) !== baseline.current),
    [],
  );
  return { capture, isDirty };
}

/**
 * While `isDirty()` holds: the browser asks before the page is reloaded or closed, and leaving by
 * an in-app link or Back shows the returned dialog. A post of the form to its own address (a
 * save) is never held back.
 */
export function useLeavePrompt(isDirty: () => boolean) {
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      isDirty(),
  );
  return (
    <DiscardDialog
      open={blocker.state === "blocked"}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

export function DiscardDialog({
  open,
  onStay,
  onDiscard,
}: {
  open: boolean;
  onStay(): void;
  onDiscard(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      message={UNSAVED.question}
      cancelLabel={UNSAVED.stay}
      confirmLabel={UNSAVED.leave}
      onCancel={onStay}
      onConfirm={onDiscard}
    />
  );
}

/**
 * Put inside an edit screen's form: leaving the screen with changes not saved asks first
 * (`beforeunload` for reload and close, a dialog for links and Back).
 */
export function UnsavedChanges() {
  const { capture, isDirty } = useFormBaseline();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    capture(marker.current?.closest("form") ?? null);
  }, [capture]);
  const dialog = useLeavePrompt(isDirty);
  return (
    <>
      <span ref={marker} hidden />
      {dialog}
    </>
  );
}

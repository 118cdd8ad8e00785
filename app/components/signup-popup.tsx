import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { FormErrors } from "#app/forms/common.fields.ts";
import { DialogCloseButton } from "./dialog-close-button.tsx";
import { CONFIRM_FIRST, SignupFields } from "./signup-form.tsx";

const POPUP_DISMISSED_KEY = "signupPopupDismissed";
/** Shown a moment after the page settles, so it never greets a visitor before the content. */
const POPUP_DELAY_MS = 1500;

function dismissedOnThisDevice(): boolean {
  try {
    return window.localStorage.getItem(POPUP_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberDismissal() {
  try {
    window.localStorage.setItem(POPUP_DISMISSED_KEY, "1");
  } catch {
    // Storage blocked: the popup may show again on the next visit.
  }
}

/** When the popup setting is on, a sign-up dialog; a dismissal is remembered on the device. */
export function SignupPopup({ siteName }: { siteName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<
    { ok: true; confirm?: boolean } | ({ ok: false } & FormErrors & { formError?: string })
  >();
  const [signedUp, setSignedUp] = useState(false);

  useEffect(() => {
    if (dismissedOnThisDevice()) return;
    const t = setTimeout(() => dialog.current?.showModal(), POPUP_DELAY_MS);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    if (fetcher.data?.ok) {
      setSignedUp(true);
      rememberDismissal();
    }
  }, [fetcher.data]);

  const close = () => {
    rememberDismissal();
    dialog.current?.close();
  };
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="signup-popup-title"
      onCancel={rememberDismissal}
      className="m-auto w-[min(92vw,30rem)] rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60"
    >
      <div className="relative p-6 sm:p-8">
        <DialogCloseButton onClick={close} className="absolute top-3 right-3" />
        <h2 id="signup-popup-title" className="pr-10 font-serif text-2xl font-semibold">
          Join the {siteName} travel club
        </h2>
        {signedUp ? (
          <div className="mt-4">
            <p role="status" className="text-lg">
              Thanks for signing up! Watch your inbox for our next dispatch.
            </p>
            {fetcher.data?.ok && fetcher.data.confirm && <p className="mt-2 text-lg">{CONFIRM_FIRST}</p>}
            <button
              type="button"
              onClick={close}
              className="mt-6 rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800"
            >
              Close
            </button>
          </div>
        ) : (
          <>
            <p className="mt-2 text-ink-700">
              New destinations, seasonal recipes and slow-travel tips, once a month.
            </p>
            <fetcher.Form method="post" action="/signup" className="mt-5" noValidate>
              <SignupFields errors={errors} idPrefix="popup" submitting={fetcher.state !== "idle"} />
            </fetcher.Form>
          </>
        )}
      </div>
    </dialog>
  );
}

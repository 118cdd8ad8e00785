import { useEffect, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import type { AdminActionResult } from "#app/lib/toast.ts";
import { useShowToast } from "./toaster.tsx";

/**
 * An admin screen whose forms each post to their own address (the newsletter and import screens):
 * one fetcher per form, shared by its key, and the answer each address gave.
 */

/** What one of a screen's forms answers. */
export type ScreenFormAnswer = Partial<AdminActionResult> & { ok: boolean };

/** A form of the screen: its fetcher's key and the address it posts to. */
export interface ScreenForm {
  key: string;
  address: string;
}

/** A form's fetcher (shared, by its key, with the screen, which shows its answer), and whether it is posting. */
export function useScreenFetcher(form: ScreenForm) {
  const fetcher = useFetcher<ScreenFormAnswer>({ key: form.key });
  return { fetcher, posting: fetcher.state === "submitting" };
}

/**
 * What a form's address answered: the fetcher's answer, or, on the page the address rendered after
 * a post without JavaScript, that route's own answer. Its toast is shown here, once.
 */
export function useScreenForm(form: ScreenForm): ScreenFormAnswer | undefined {
  const { fetcher } = useScreenFetcher(form);
  const posted = useActionData() as ScreenFormAnswer | undefined;
  const { pathname } = useLocation();
  const answer = fetcher.data ?? (pathname === form.address ? posted : undefined);
  useShowToast(answer?.toast);
  return answer;
}

/**
 * The refusal to show above the screen: the newest answer of its (up to three) forms, when it is
 * one. Before the page runs its scripts (and without them) that is the answer of the address posted to.
 */
export function useRefusal(...answers: (ScreenFormAnswer | undefined)[]): string | null {
  const [newest, setNewest] = useState<ScreenFormAnswer | undefined>(undefined);
  const [a, b, c] = answers;
  useEffect(() => {
    if (a) setNewest(a);
  }, [a]);
  useEffect(() => {
    if (b) setNewest(b);
  }, [b]);
  useEffect(() => {
    if (c) setNewest(c);
  }, [c]);
  const shown = newest ?? answers.find((answer) => answer !== undefined);
  return shown && !shown.ok ? (shown.toast?.message ?? null) : null;
}

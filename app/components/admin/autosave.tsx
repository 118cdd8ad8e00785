import { useEffect, useRef, useState } from "react";
import { BLOG_FIELDS } from "#app/forms/blog.fields.ts";
import type { FieldSpec } from "#app/forms/common.fields.ts";
import { PAGE_FIELDS } from "#app/forms/page.fields.ts";
import { RECIPE_FIELDS } from "#app/forms/recipe.fields.ts";
import { SET_ROWS_EVENT } from "./recipe-form.tsx";
import { SET_CONTENT_EVENT } from "./rich-text-editor.tsx";

const ENDPOINT = "/admin/autosave";
/** Save once typing has paused this long… */
const IDLE_MS = 2000;
/** …or after this long of continuous typing. */
const MAX_WAIT_MS = 10_000;
/** Waits between attempts after a failed save (the last one repeats). */
const RETRY_MS = [2000, 4000, 8000, 16_000, 30_000];

/** The fields a form's draft holds (its text fields; a list field, with `count`, as its rows), by the draft key's kind. */
const DRAFT_FORMS: Record<string, Record<string, FieldSpec & { count?: number }>> = {
  blog: BLOG_FIELDS,
  recipe: RECIPE_FIELDS,
  page: PAGE_FIELDS,
};

interface DraftForm {
  names: string[];
  lists: Set<string>;
}

function draftFormOf(draft: string): DraftForm {
  const specs = Object.values(DRAFT_FORMS[draft.slice(0, draft.indexOf(":"))] ?? {});
  return {
    names: specs.map((f) => f.name),
    lists: new Set(specs.filter((f) => f.count !== undefined).map((f) => f.name)),
  };
}

const AUTOSAVE_TEXT = {
  saving: "Saving draft…",
  saved: (time: string) => `Draft saved at ${time}`,
  failed: "Not saved — retrying",
  waiting: "Autosave waits until you restore or discard the earlier text.",
  offer: (time: string) => `Unsaved text from ${time} was kept.`,
  restore: "Restore",
  discard: "Discard",
};

/** A draft's fields by name: a text, or a list field's rows in order. */
type Fields = Record<string, string | string[]>;
type Status = "idle" | "saving" | "saved" | "failed";

function fieldsOf(form: HTMLFormElement, { names, lists }: DraftForm): Fields {
  const data = new FormData(form);
  const fields: Fields = {};
  for (const name of names) {
    if (lists.has(name)) {
      const rows = data.getAll(name).filter((v): v is string => typeof v === "string");
      if (rows.length > 0) fields[name] = rows;
      continue;
    }
    const value = data.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

const sameValue = (a: Fields[string] | undefined, b: Fields[string]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Puts a draft back in the form, as if typed (so the slug preview and the change checks see it). */
function applyFields(form: HTMLFormElement, fields: Fields) {
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      // A list field makes its rows anew, one per value (recipe-form.tsx).
      form
        .querySelector(`[data-list-field="${name}"]`)
        ?.dispatchEvent(new CustomEvent(SET_ROWS_EVENT, { detail: value }));
      continue;
    }
    if (name === BLOG_FIELDS.content.name) {
      form
        .querySelector("[data-rich-text]")
        ?.dispatchEvent(new CustomEvent(SET_CONTENT_EVENT, { detail: value }));
      continue;
    }
    const el = form.elements.namedItem(name);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
    // The prototype's setter, not `el.value =`: React would take the new value for its own and miss the change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set?.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const dateTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

async function post(body: FormData): Promise<Record<string, unknown>> {
  const res = await fetch(ENDPOINT, { method: "POST", body, headers: { Accept: "application/json" } });
  // A lapsed session answers with the login page: not a save. 409 is an answer (the draft was
  // ended meanwhile): its body carries the generation to go on from.
  if ((!res.ok && res.status !== 409) || !res.headers.get("content-type")?.includes("application/json")) {
    throw new Error(`autosave answered ${res.status}`);
  }
  return (await res.json()) as Record<string, unknown>;
}

function draftBody(draft: string, generation: number, fields: Fields): FormData {
  const body = new FormData();
  body.set("key", draft);
  body.set("intent", "save");
  body.set("generation", String(generation));
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const row of value) body.append(name, row);
    else body.set(name, value);
  }
  return body;
}

/** What the page shows of an autosave session: its status, the last save's time, an earlier draft on offer. */
interface AutosaveView {
  setStatus: (status: Status) => void;
  setSavedAt: (savedAt: number) => void;
  setOffer: (offer: { fields: Fields; savedAt: number } | null) => void;
}

/** The state of one form's autosave, from the form's mounting to its unmounting. */
interface AutosaveSession {
  form: HTMLFormElement;
  draft: string;
  shape: DraftForm;
  view: AutosaveView;
  stopped: boolean;
  /** Nothing is saved until the writer has answered the offer of an earlier draft. */
  held: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  changedSince: number | null;
  inFlight: boolean;
  sendAgain: boolean;
  failures: number;
  lastSaved: string | null;
  generation: number;
  submits: number;
}

function startSession(form: HTMLFormElement, draft: string, view: AutosaveView): AutosaveSession {
  return {
    form,
    draft,
    shape: draftFormOf(draft),
    view,
    stopped: false,
    held: true,
    timer: undefined,
    changedSince: null,
    inFlight: false,
    sendAgain: false,
    failures: 0,
    lastSaved: null,
    generation: 0,
    submits: 0,
  };
}

function schedule(session: AutosaveSession, ms: number) {
  clearTimeout(session.timer);
  session.timer = setTimeout(() => sendDraft(session), ms);
}

/** Sends the form's text if it changed since the last save; a failed save retries, waiting longer each time. */
async function sendDraft(session: AutosaveSession) {
  if (session.stopped || session.held) return;
  if (session.inFlight) {
    session.sendAgain = true;
    return;
  }
  const fields = fieldsOf(session.form, session.shape);
  const json = JSON.stringify(fields);
  if (json === session.lastSaved) {
    session.changedSince = null;
    return;
  }
  session.inFlight = true;
  session.view.setStatus("saving");
  const submitsBefore = session.submits;
  try {
    const reply = await post(draftBody(session.draft, session.generation, fields));
    if (typeof reply.generation === "number") {
      // The draft was ended meanwhile. After this form's own submit, that text went into the
      // blog or recipe: it is not a draft any more. Otherwise (another tab saved, or this form's first
      // read failed) the text is still unsaved work: send it again on the new generation.
      session.generation = reply.generation;
      if (session.submits !== submitsBefore) {
        session.lastSaved = json;
        session.changedSince = null;
        if (!session.stopped) session.view.setStatus("idle");
      } else session.sendAgain = true;
      return;
    }
    session.lastSaved = json;
    session.failures = 0;
    session.changedSince = null;
    if (typeof reply.savedAt !== "number") throw new Error("autosave answered without a time");
    if (!session.stopped) {
      session.view.setSavedAt(reply.savedAt);
      session.view.setStatus("saved");
    }
  } catch {
    if (session.stopped) return;
    session.view.setStatus("failed");
    schedule(session, RETRY_MS[Math.min(session.failures, RETRY_MS.length - 1)] ?? IDLE_MS);
    session.failures += 1;
  } finally {
    session.inFlight = false;
    if (session.sendAgain && !session.stopped) {
      session.sendAgain = false;
      if (session.failures === 0) schedule(session, 0);
    }
  }
}

function noteChange(session: AutosaveSession) {
  const now = Date.now();
  session.changedSince ??= now;
  if (session.failures > 0) return; // the retry already pending sends the latest text
  schedule(session, Math.max(0, Math.min(IDLE_MS, session.changedSince + MAX_WAIT_MS - now)));
}

/**
 * A save of the blog or recipe clears its draft on the server: stop a pending autosave from writing it
 * back. If the save is refused the form stays, and the next change (or this timer) resumes.
 */
function noteSubmit(session: AutosaveSession) {
  session.submits += 1;
  clearTimeout(session.timer);
  session.timer = setTimeout(() => session.changedSince !== null && schedule(session, 0), 5000);
}

/** The writer's answer to the offer of an earlier draft: its fields to restore, or null to discard it. */
function answerOffer(session: AutosaveSession, restore: Fields | null) {
  session.view.setOffer(null);
  if (restore) applyFields(session.form, restore);
  else {
    const body = new FormData();
    body.set("key", session.draft);
    body.set("intent", "clear");
    post(body)
      .then((reply) => {
        if (typeof reply.generation === "number") session.generation = reply.generation;
      })
      .catch(() => {});
  }
  session.held = false;
  // After a restore, once the editor has taken the text (its field updates on the next render).
  if (restore || session.changedSince !== null) {
    session.changedSince ??= Date.now();
    schedule(session, IDLE_MS);
  }
}

/**
 * The tab is closing (or the page is being left): what the timer has not sent yet goes now.
 * The browser delivers a beacon after the page is gone; nothing here waits for the answer.
 */
function sendBeforeLeaving(session: AutosaveSession) {
  if (session.held || session.changedSince === null) return;
  const fields = fieldsOf(session.form, session.shape);
  const json = JSON.stringify(fields);
  if (json === session.lastSaved) return;
  if (navigator.sendBeacon?.(ENDPOINT, draftBody(session.draft, session.generation, fields)))
    session.lastSaved = json;
}

/** Reads the earlier draft, if any: one that differs from the form is offered back, otherwise saving starts. */
function loadEarlierDraft(session: AutosaveSession) {
  fetch(`${ENDPOINT}?key=${encodeURIComponent(session.draft)}`, { headers: { Accept: "application/json" } })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null)
    .then((data: { autosave?: { fields: Fields; savedAt: number } | null; generation?: number } | null) => {
      if (session.stopped) return;
      if (typeof data?.generation === "number") session.generation = data.generation;
      const earlier = data?.autosave;
      const current = fieldsOf(session.form, session.shape);
      if (
        earlier &&
        Object.entries(earlier.fields).some(([name, value]) => !sameValue(current[name], value))
      ) {
        session.view.setOffer(earlier);
        return;
      }
      session.held = false;
      if (session.changedSince !== null) schedule(session, 0);
    });
}

/**
 * Autosave of the blog or recipe form it is placed in: the text fields (a recipe's lists row by
 * row) go to the server a couple of seconds after typing pauses (per admin and per blog or recipe,
 * `draft` being `blog:new`, `blog:<id>`, `recipe:new` or `recipe:<id>`). A failed save says so and
 * tries again, waiting longer each time, always with the latest text. When the form opens and an
 * earlier draft differs from it, the writer is offered it back; nothing is autosaved until they
 * answer, so the earlier draft is never overwritten unseen. Each save names the draft's generation:
 * once the blog or recipe is saved (which ends the draft on the server), a save sent just before is
 * refused instead of bringing the draft back. Closing the tab sends what was not saved yet with
 * sendBeacon.
 */
export function Autosave({ draft }: { draft: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const [offer, setOffer] = useState<{ fields: Fields; savedAt: number } | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [savedAt, setSavedAt] = useState(0);
  const answer = useRef<(restore: Fields | null) => void>(() => {});

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const session = startSession(form, draft, { setStatus, setSavedAt, setOffer });
    const changed = () => noteChange(session);
    const submitted = () => noteSubmit(session);
    const leaving = () => sendBeforeLeaving(session);
    answer.current = (restore) => answerOffer(session, restore);
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", submitted);
    window.addEventListener("pagehide", leaving);
    loadEarlierDraft(session);

    return () => {
      session.stopped = true;
      clearTimeout(session.timer);
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
      form.removeEventListener("submit", submitted);
      window.removeEventListener("pagehide", leaving);
    };
  }, [draft]);

  const line =
    offer !== null
      ? AUTOSAVE_TEXT.waiting
      : status === "saving"
        ? AUTOSAVE_TEXT.saving
        : status === "saved"
          ? AUTOSAVE_TEXT.saved(clock(savedAt))
          : status === "failed"
            ? AUTOSAVE_TEXT.failed
            : "";
  return (
    <div className="mb-4">
      <span ref={marker} hidden />
      {offer && (
        <section
          aria-label="Unsaved text"
          className="mb-3 flex flex-wrap items-center gap-3 rounded-xl bg-sand-100 px-4 py-3 ring-1 ring-ink-900/10"
        >
          <p className="flex-1 font-medium">{AUTOSAVE_TEXT.offer(dateTime(offer.savedAt))}</p>
          <button
            type="button"
            onClick={() => answer.current(offer.fields)}
            className="rounded-full bg-sea-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sea-600"
          >
            {AUTOSAVE_TEXT.restore}
          </button>
          <button
            type="button"
            onClick={() => answer.current(null)}
            className="rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-ink-900/15 hover:bg-white"
          >
            {AUTOSAVE_TEXT.discard}
          </button>
        </section>
      )}
      <p
        role="status"
        data-testid="autosave-status"
        className={`min-h-5 text-sm ${status === "failed" && !offer ? "font-semibold text-coral-600" : "text-ink-700"}`}
      >
        {line}
      </p>
    </div>
  );
}

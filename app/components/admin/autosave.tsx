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
    const shape = draftFormOf(draft);
    let stopped = false;
    let held = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let changedSince: number | null = null;
    let inFlight = false;
    let sendAgain = false;
    let failures = 0;
    let lastSaved: string | null = null;
    let generation = 0;
    let submits = 0;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(send, ms);
    };
    const send = async () => {
      if (stopped || held) return;
      if (inFlight) {
        sendAgain = true;
        return;
      }
      const fields = fieldsOf(form, shape);
      const json = JSON.stringify(fields);
      if (json === lastSaved) {
        changedSince = null;
        return;
      }
      inFlight = true;
      setStatus("saving");
      const submitsBefore = submits;
      try {
        const reply = await post(draftBody(draft, generation, fields));
        if (typeof reply.generation === "number") {
          // The draft was ended meanwhile. After this form's own submit, that text went into the
          // blog or recipe: it is not a draft any more. Otherwise (another tab saved, or this form's first
          // read failed) the text is still unsaved work: send it again on the new generation.
          generation = reply.generation;
          if (submits !== submitsBefore) {
            lastSaved = json;
            changedSince = null;
            if (!stopped) setStatus("idle");
          } else sendAgain = true;
          return;
        }
        lastSaved = json;
        failures = 0;
        changedSince = null;
        if (typeof reply.savedAt !== "number") throw new Error("autosave answered without a time");
        if (!stopped) {
          setSavedAt(reply.savedAt);
          setStatus("saved");
        }
      } catch {
        if (stopped) return;
        setStatus("failed");
        schedule(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? IDLE_MS);
        failures += 1;
      } finally {
        inFlight = false;
        if (sendAgain && !stopped) {
          sendAgain = false;
          if (failures === 0) schedule(0);
        }
      }
    };
    const changed = () => {
      const now = Date.now();
      changedSince ??= now;
      if (failures > 0) return; // the retry already pending sends the latest text
      schedule(Math.max(0, Math.min(IDLE_MS, changedSince + MAX_WAIT_MS - now)));
    };
    // A save of the blog or recipe clears its draft on the server: stop a pending autosave from writing it
    // back. If the save is refused the form stays, and the next change (or this timer) resumes.
    const submitted = () => {
      submits += 1;
      clearTimeout(timer);
      timer = setTimeout(() => changedSince !== null && schedule(0), 5000);
    };
    answer.current = (restore) => {
      setOffer(null);
      if (restore) applyFields(form, restore);
      else {
        const body = new FormData();
        body.set("key", draft);
        body.set("intent", "clear");
        post(body)
          .then((reply) => {
            if (typeof reply.generation === "number") generation = reply.generation;
          })
          .catch(() => {});
      }
      held = false;
      // After a restore, once the editor has taken the text (its field updates on the next render).
      if (restore || changedSince !== null) {
        changedSince ??= Date.now();
        schedule(IDLE_MS);
      }
    };
    // The tab is closing (or the page is being left): what the timer has not sent yet goes now.
    // The browser delivers a beacon after the page is gone; nothing here waits for the answer.
    const leaving = () => {
      if (held || changedSince === null) return;
      const fields = fieldsOf(form, shape);
      const json = JSON.stringify(fields);
      if (json === lastSaved) return;
      if (navigator.sendBeacon?.(ENDPOINT, draftBody(draft, generation, fields))) lastSaved = json;
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", submitted);
    window.addEventListener("pagehide", leaving);

    fetch(`${ENDPOINT}?key=${encodeURIComponent(draft)}`, { headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data: { autosave?: { fields: Fields; savedAt: number } | null; generation?: number } | null) => {
        if (stopped) return;
        if (typeof data?.generation === "number") generation = data.generation;
        const earlier = data?.autosave;
        const current = fieldsOf(form, shape);
        if (
          earlier &&
          Object.entries(earlier.fields).some(([name, value]) => !sameValue(current[name], value))
        ) {
          setOffer(earlier);
          return;
        }
        held = false;
        if (changedSince !== null) schedule(0);
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
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

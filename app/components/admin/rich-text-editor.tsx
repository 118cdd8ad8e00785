import { type ComponentType, useEffect, useRef, useState } from "react";
import { type EditorHandle, FormatToolbar, type LoadedEditorProps } from "./rich-text-toolbar.tsx";

type LoadedEditor = ComponentType<LoadedEditorProps>;
let loading: Promise<LoadedEditor> | undefined;
let loaded: LoadedEditor | undefined;

/**
 * Starts fetching the editor chunk (TipTap is the largest piece of the admin), at most once. The
 * back office calls it as soon as it opens, so the editor is usually there before a form is. A
 * failed fetch is forgotten, so the next form tries again; the textarea works meanwhile.
 */
export function preloadRichTextEditor(): Promise<LoadedEditor> {
  loading ??= import("./rich-text-tiptap.tsx").then(
    (m) => {
      loaded = m.default;
      return m.default;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Event a restore sends to the Content box (`detail`: the HTML to put in it). */
export const SET_CONTENT_EVENT = "wanderplate:set-content";

/**
 * The blog Content field (the spec's rich-text editor, 300 px high on add and 400 on edit). A
 * plain textarea of the same size stands in until TipTap has loaded; TipTap then starts from
 * whatever was typed in it, with the caret at the end, so no keystroke is lost at the swap. The
 * HTML goes into the form under `name`; the server sanitizes it on write and again on render.
 */
export function RichTextEditor({
  name,
  initialHtml,
  height,
  labelId,
  invalid,
}: {
  name: string;
  initialHtml: string;
  height: number;
  labelId: string;
  invalid?: boolean;
}) {
  const [Loaded, setLoaded] = useState<LoadedEditor | undefined>(() => loaded);
  const [ready, setReady] = useState(false);
  const [html, setHtml] = useState(initialHtml);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const handle = useRef<EditorHandle | null>(null);
  const changed = useRef(false);

  useEffect(() => {
    if (Loaded) return;
    let live = true;
    preloadRichTextEditor().then(
      (editor) => live && setLoaded(() => editor),
      () => {
        // The textarea stays: the writer can go on, and the form posts what is in it.
      },
    );
    return () => {
      live = false;
    };
  }, [Loaded]);

  // Changes made with the toolbar fire no input event of their own: tell the form (autosave,
  // unsaved changes) once the hidden field holds the new HTML.
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // A restored autosave replaces the text, whichever of the two is showing.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const set = (e: Event) => {
      const value = String((e as CustomEvent).detail ?? "");
      if (handle.current) handle.current.setHtml(value);
      else if (textarea.current) textarea.current.value = value;
    };
    el.addEventListener(SET_CONTENT_EVENT, set);
    return () => el.removeEventListener(SET_CONTENT_EVENT, set);
  }, []);

  return (
    <div
      ref={box}
      data-testid="content-box"
      data-rich-text
      className={`overflow-hidden rounded-xl border bg-white ${invalid ? "border-coral-600" : "border-ink-900/15"}`}
    >
      {!ready && (
        <>
          <FormatToolbar />
          <div style={{ height }}>
            <textarea
              ref={textarea}
              name={name}
              aria-labelledby={labelId}
              defaultValue={initialHtml}
              className="block h-full w-full resize-none px-4 py-3 text-base focus:outline-none"
            />
          </div>
        </>
      )}
      {Loaded && (
        <Loaded
          initialHtml={initialHtml}
          height={height}
          labelId={labelId}
          hidden={!ready}
          takeTyped={() =>
            textarea.current
              ? { value: textarea.current.value, focused: document.activeElement === textarea.current }
              : null
          }
          onReady={() => setReady(true)}
          onChange={(value) => {
            changed.current = true;
            setHtml(value);
          }}
          handle={handle}
        />
      )}
      {ready && <input ref={hidden} type="hidden" name={name} value={html} />}
    </div>
  );
}

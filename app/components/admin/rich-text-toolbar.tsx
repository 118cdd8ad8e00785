import type { RefObject } from "react";

/** What the editor wrapper (rich-text-editor.tsx) and its lazy TipTap chunk (rich-text-tiptap.tsx) share. */

/**
 * The formatting buttons, in toolbar order. The editor chunk gives each its action and state.
 * A button's name contains the text it shows (a speech-input user says what they see), except
 * where that text is a single letter or a symbol.
 */
const FORMAT_TOOLS = [
  { key: "bold", label: "Bold", text: "B" },
  { key: "italic", label: "Italic", text: "I" },
  { key: "underline", label: "Underline", text: "U" },
  { key: "h2", label: "H2 heading", text: "H2" },
  { key: "h3", label: "H3 subheading", text: "H3" },
  { key: "bulletList", label: "Bulleted list", text: "• List" },
  { key: "orderedList", label: "1. List (numbered)", text: "1. List" },
  { key: "blockquote", label: "Quote", text: "❝" },
  { key: "link", label: "Link", text: "Link" },
  { key: "undo", label: "Undo", text: "↶" },
  { key: "redo", label: "Redo", text: "↷" },
] as const;

export type FormatTool = (typeof FORMAT_TOOLS)[number]["key"];

/**
 * The toolbar, drawn the same before and after the editor loads so the Content box keeps its
 * size at the swap; without `run` (still loading) its buttons are disabled.
 */
export function FormatToolbar({
  pressed,
  run,
}: {
  pressed?: Partial<Record<FormatTool, boolean>>;
  run?: (tool: FormatTool) => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-1 border-b border-ink-900/10 bg-sand-50 p-1.5"
    >
      {FORMAT_TOOLS.map((t) => (
        <button
          key={t.key}
          type="button"
          aria-label={t.label}
          title={t.label}
          disabled={!run}
          aria-pressed={t.key === "undo" || t.key === "redo" || !run ? undefined : Boolean(pressed?.[t.key])}
          // Keep the focus (and the selection) in the text: TipTap gives it back a frame after
          // the click, and keys typed in between would land on the button and be lost.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run?.(t.key)}
          className={`min-w-9 rounded-md px-2 py-1 text-sm font-semibold disabled:text-ink-700/50 ${pressed?.[t.key] ? "bg-ink-900 text-white" : "hover:bg-sand-200"}`}
        >
          {t.text}
        </button>
      ))}
    </div>
  );
}

/** What the plain textarea held when the editor took over, and whether the writer was in it. */
interface Typed {
  value: string;
  focused: boolean;
}

/** The editor's handle for the wrapper: replace the text (a restored autosave). */
export interface EditorHandle {
  setHtml(html: string): void;
}

/** Props of the TipTap editor (rich-text-tiptap.tsx, its own chunk). */
export interface LoadedEditorProps {
  initialHtml: string;
  height: number;
  labelId: string;
  hidden: boolean;
  /** Read once, when the editor is created: the textarea's text at that moment. */
  takeTyped(): Typed | null;
  /** Called (synchronously, from the editor's creation) when the editor can take the writer's keys. */
  onReady(): void;
  onChange(html: string): void;
  handle: RefObject<EditorHandle | null>;
}

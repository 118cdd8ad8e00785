import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";

/**
 * The blog Content editor (a rich-text editor, height 300 on add and 400 on edit):
 * TipTap, self-hosted, loaded only in the admin. Its HTML goes into a hidden `name` input; the
 * server sanitizes it on write and again on render.
 */
export default function RichTextEditor({
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
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
      }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "prose-blog min-h-full px-4 py-3 text-base focus:outline-none",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bulletList: e.isActive("bulletList"),
            orderedList: e.isActive("orderedList"),
            blockquote: e.isActive("blockquote"),
            link: e.isActive("link"),
          }
        : null,
  });

  const setLink = () => {
    if (!editor) return;
    const previous = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt("Link address (https://…)", previous ?? "https://");
    if (url === null) return;
    if (url.trim() === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };

  const tools: { label: string; text: string; pressed?: boolean; run: () => void }[] = editor
    ? [
        {
          label: "Bold",
          text: "B",
          pressed: active?.bold,
          run: () => editor.chain().focus().toggleBold().run(),
        },
        {
          label: "Italic",
          text: "I",
          pressed: active?.italic,
          run: () => editor.chain().focus().toggleItalic().run(),
        },
        {
          label: "Underline",
          text: "U",
          pressed: active?.underline,
          run: () => editor.chain().focus().toggleUnderline().run(),
        },
        {
          label: "Heading",
          text: "H2",
          pressed: active?.h2,
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        },
        {
          label: "Subheading",
          text: "H3",
          pressed: active?.h3,
          run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
        },
        {
          label: "Bulleted list",
          text: "• List",
          pressed: active?.bulletList,
          run: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          label: "Numbered list",
          text: "1. List",
          pressed: active?.orderedList,
          run: () => editor.chain().focus().toggleOrderedList().run(),
        },
        {
          label: "Quote",
          text: "❝",
          pressed: active?.blockquote,
          run: () => editor.chain().focus().toggleBlockquote().run(),
        },
        { label: "Link", text: "Link", pressed: active?.link, run: setLink },
        { label: "Undo", text: "↶", run: () => editor.chain().focus().undo().run() },
        { label: "Redo", text: "↷", run: () => editor.chain().focus().redo().run() },
      ]
    : [];

  return (
    <div
      className={`overflow-hidden rounded-xl border bg-white ${invalid ? "border-coral-600" : "border-ink-900/15"}`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-ink-900/10 bg-sand-50 p-1.5"
      >
        {tools.map((t) => (
          <button
            key={t.label}
            type="button"
            aria-label={t.label}
            title={t.label}
            aria-pressed={t.pressed === undefined ? undefined : t.pressed}
            // Keep the focus (and the selection) in the text: TipTap gives it back a frame after
            // the click, and keys typed in between would land on the button and be lost.
            onMouseDown={(e) => e.preventDefault()}
            onClick={t.run}
            className={`min-w-9 rounded-md px-2 py-1 text-sm font-semibold ${t.pressed ? "bg-ink-900 text-white" : "hover:bg-sand-200"}`}
          >
            {t.text}
          </button>
        ))}
      </div>
      <div style={{ height }} className="overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

import { EditorContent, type JSONContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { flushSync } from "react-dom";
import { type FormatTool, FormatToolbar, type LoadedEditorProps } from "./rich-text-toolbar.tsx";

/**
 * What was typed in the stand-in textarea, as editor content: markup stays markup (the edit
 * screen's textarea starts with the blog's HTML); plain text becomes one paragraph per line, built
 * as a document rather than parsed as HTML, because parsing drops a line's trailing and doubled
 * spaces, and a swap right after the space bar would eat that space.
 */
function typedToContent(value: string): string | JSONContent {
  if (/<\/?[a-z][^>]*>/i.test(value)) return value;
  return {
    type: "doc",
    content: value.split(/\r?\n/).map((line) => ({
      type: "paragraph",
      ...(line === "" ? {} : { content: [{ type: "text", text: line }] }),
    })),
  };
}

/**
 * TipTap, self-hosted, loaded only in the admin (its own chunk; rich-text-editor.tsx loads it and
 * hands over what was typed before it came).
 */
export default function TipTapEditor({
  initialHtml,
  height,
  labelId,
  hidden,
  takeTyped,
  onReady,
  onChange,
  handle,
}: LoadedEditorProps) {
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
    onCreate: ({ editor: e }) => {
      // One task from reading the textarea to moving the focus: no key can fall in between.
      const typed = takeTyped();
      if (typed && typed.value !== initialHtml) {
        e.commands.setContent(typedToContent(typed.value), { emitUpdate: false });
        onChange(e.isEmpty ? "" : e.getHTML());
      }
      flushSync(onReady);
      if (typed?.focused) {
        e.commands.setTextSelection(e.state.doc.content.size);
        e.view.focus();
      }
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    handle.current = { setHtml: (html: string) => editor.commands.setContent(html, { emitUpdate: true }) };
    return () => {
      handle.current = null;
    };
  }, [editor, handle]);

  const pressed = useEditorState({
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

  const run = (tool: FormatTool) => {
    if (!editor) return;
    const chain = editor.chain().focus();
    switch (tool) {
      case "bold":
        return chain.toggleBold().run();
      case "italic":
        return chain.toggleItalic().run();
      case "underline":
        return chain.toggleUnderline().run();
      case "h2":
        return chain.toggleHeading({ level: 2 }).run();
      case "h3":
        return chain.toggleHeading({ level: 3 }).run();
      case "bulletList":
        return chain.toggleBulletList().run();
      case "orderedList":
        return chain.toggleOrderedList().run();
      case "blockquote":
        return chain.toggleBlockquote().run();
      case "link":
        return setLink();
      case "undo":
        return chain.undo().run();
      case "redo":
        return chain.redo().run();
    }
  };

  return (
    <div hidden={hidden}>
      <FormatToolbar pressed={pressed ?? undefined} run={editor ? run : undefined} />
      <div style={{ height }} className="overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
      </div>
    </div>
  );
}

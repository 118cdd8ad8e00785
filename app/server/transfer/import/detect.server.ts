/**
 * Which kind of file an import was given, from its first bytes, never its name: a blogger's
 * `export.xml` may be a Ghost JSON renamed, and `wordpress.2024-01-01.xml` is often saved as .txt.
 */
import { open } from "node:fs/promises";
import { basename } from "node:path";
import { looksLikeWanderplateExport } from "#app/server/transfer/import/wanderplate/import-export.server.ts";
import { looksLikeGhostJson } from "./ghost/ghost-reader.server.ts";
import { looksLikeGhostMembersCsv } from "./ghost/members-csv.server.ts";
import { ImportFileError } from "./items.server.ts";
import { looksLikeWxr } from "./wordpress/wxr-reader.server.ts";

export type FileKind = "wxr" | "ghost-json" | "ghost-members" | "wanderplate";

export const KIND_LABELS: Record<FileKind, string> = {
  wxr: "WordPress export (WXR)",
  "ghost-json": "Ghost export (JSON)",
  "ghost-members": "Ghost members CSV",
  wanderplate: "Wanderplate export",
};

const HEAD_BYTES = 64 * 1024;

/** Reads the start of `file` and says what it is, or throws ImportFileError in plain words. */
export async function detectFileKind(file: string): Promise<FileKind> {
  const name = basename(file);
  let head: Uint8Array;
  try {
    const handle = await open(file, "r");
    try {
      const buffer = new Uint8Array(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "there is no such file"
        : code === "EISDIR"
          ? "it is a folder, not a file"
          : code === "EACCES"
            ? "this program may not read it"
            : "it could not be read";
    throw new ImportFileError(name, `${name} was not imported: ${why}.`);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head).replace(/^\uFEFF/, "");
  if (text.trim() === "")
    throw new ImportFileError(
      name,
      `${name} was not imported: the file is empty. Export it again from the old site.`,
    );
  if (looksLikeWanderplateExport(head)) return "wanderplate";
  if (looksLikeWxr(text)) return "wxr";
  if (looksLikeGhostJson(text)) return "ghost-json";
  if (looksLikeGhostMembersCsv(text)) return "ghost-members";
  throw new ImportFileError(
    name,
    `${name} was not imported: it is not a file Wanderplate can import. Use a WordPress export (Tools → Export → All content, an .xml file), a Ghost export (Settings → Import/Export → Export, a .json file), a Ghost members CSV, or a Wanderplate export.`,
  );
}

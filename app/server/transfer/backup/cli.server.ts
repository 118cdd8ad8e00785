import { BackupError } from "./archive.server.ts";

/**
 * One line for the command-line tools: a BackupError's message as it is (the operator can act on
 * it), any other error's first line (a database that cannot be reached, a disk that fails).
 */
export function failureLine(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const first = message.split("\n")[0] || "unknown error";
  return code && !first.includes(code) ? `${first} (${code})` : first;
}

/**
 * A start stopped by something the operator must correct (a setting, a folder): the error carries
 * the one line server.ts prints as its fatal log line before it exits with 1, instead of a stack.
 * Marked by a code, not a class: server.ts is built apart from the app, with its own copy of
 * every module both import.
 */
const CANNOT_START = "WANDERPLATE_CANNOT_START";

export function cannotStart(line: string, cause: unknown): Error {
  return Object.assign(new Error(line, { cause }), { code: CANNOT_START });
}

/** The line to print for an error made by cannotStart; undefined for every other error. */
export function cannotStartLine(error: unknown): string | undefined {
  return error instanceof Error && (error as { code?: unknown }).code === CANNOT_START
    ? error.message
    : undefined;
}

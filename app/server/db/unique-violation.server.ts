/**
 * Whether a write failed on a unique index: PostgreSQL's unique_violation (23505) or SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (2067). Two saves racing for one free slug both pass the model's check;
 * the second meets the index, and its form should say the slug is taken, not fail.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown } | null;
  return e?.code === "23505" || e?.errcode === 2067;
}

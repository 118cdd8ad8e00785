/**
 * The owner's code injection (DESIGN §2): site-wide header and footer code and the hosts it may
 * use, one settings row (`codeInjection`). The code is kept twice: as typed, to show again in
 * the form, and as it runs under the CSP (lib/injected-code.server.ts), which every public page
 * puts at the end of its head and of its body. The admin's own pages never get it.
 */
import { parseAllowedHosts } from "#app/lib/allowed-hosts.ts";
import { prepareInjectedCode } from "#app/lib/injected-code.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import type { Actor } from "./activity.server.ts";
import { parseSetting, readSetting, writeSetting } from "./setting-rows.server.ts";

export const CODE_INJECTION_KEY = "codeInjection";

/** One field of code: as the owner typed it, and as it is served. */
export interface InjectedCode {
  source: string;
  code: string;
}

export interface CodeInjection {
  header: InjectedCode;
  footer: InjectedCode;
  /** Host names (`ads.example.com`, `*.cdn.example`), checked (lib/allowed-hosts.ts). */
  allowedHosts: string[];
}

const NONE: InjectedCode = { source: "", code: "" };

/** The stored setting read defensively: a field of the wrong shape reads as empty. */
export function codeInjectionOf(json: string | undefined): CodeInjection {
  const value = parseSetting<Partial<Record<keyof CodeInjection, unknown>>>(json);
  const code = (v: unknown): InjectedCode => {
    const c = v as Partial<InjectedCode> | null | undefined;
    return typeof c?.source === "string" && typeof c.code === "string"
      ? { source: c.source, code: c.code }
      : NONE;
  };
  const hosts = Array.isArray(value?.allowedHosts)
    ? value.allowedHosts.filter((h): h is string => typeof h === "string")
    : [];
  return { header: code(value?.header), footer: code(value?.footer), allowedHosts: hosts };
}

export async function getCodeInjection(db: DB): Promise<CodeInjection> {
  const row = await readSetting<unknown>(db, CODE_INJECTION_KEY);
  return codeInjectionOf(row === null ? undefined : JSON.stringify(row));
}

export async function saveCodeInjection(db: DB, actor: Actor, next: CodeInjection): Promise<void> {
  const before = await getCodeInjection(db);
  const changed = [
    before.header.source !== next.header.source && "site header code",
    before.footer.source !== next.footer.source && "site footer code",
    before.allowedHosts.join(" ") !== next.allowedHosts.join(" ") &&
      `allowed hosts (${next.allowedHosts.join(", ") || "none"})`,
  ].filter(Boolean);
  await writeSetting(
    db,
    actor,
    CODE_INJECTION_KEY,
    next,
    `Code injection: ${changed.length ? `${changed.join(", ")} changed` : "saved unchanged"}`,
  );
}

/**
 * A stored setting that did not come from this site's form (an imported export), made again from
 * what was typed: the code as it runs is never taken from a file, only rebuilt here under the same
 * rules as the form's. A part that breaks them is left empty, and named in `refused`.
 */
export function codeInjectionRebuilt(
  json: string | undefined,
  labels = { header: "Site header code", footer: "Site footer code" },
): { value: CodeInjection; refused: string[] } {
  const given = codeInjectionOf(json);
  const refused: string[] = [];
  const rebuilt = (part: InjectedCode, label: string): InjectedCode => {
    const prepared = prepareInjectedCode(part.source, label);
    if (prepared.ok) return { source: part.source, code: prepared.code };
    refused.push(prepared.message);
    return NONE;
  };
  const header = rebuilt(given.header, labels.header);
  const footer = rebuilt(given.footer, labels.footer);
  const hosts = parseAllowedHosts(given.allowedHosts.join(" "));
  if (!hosts.ok) refused.push(`Allowed hosts: ${hosts.message}`);
  return { value: { header, footer, allowedHosts: hosts.ok ? hosts.hosts : [] }, refused };
}

/** A blog's own code (the editor's Header code and Footer code): its `code_injection` column. */
export interface PageCode {
  header: InjectedCode;
  footer: InjectedCode;
}

/** A blog's stored column read defensively; "" (every blog before migration 028) is none. */
export function pageCodeOf(column: string): PageCode {
  const { header, footer } = codeInjectionOf(column || undefined);
  return { header, footer };
}

/** The column for a blog's code: "" when it has none, so most rows hold nothing. */
export function pageCodeColumn(code: PageCode): string {
  return code.header.source || code.footer.source ? JSON.stringify(code) : "";
}

/** A blog's own code (its Header code and Footer code), for its page and its editor. */
export async function blogPageCode(db: DB, blogId: number): Promise<PageCode> {
  const row = await db
    .selectFrom("blogs")
    .select("code_injection")
    .where("id", "=", blogId)
    .executeTakeFirst();
  return pageCodeOf(row?.code_injection ?? "");
}

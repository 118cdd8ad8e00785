import { UPLOAD_ID } from "#app/lib/images.ts";
import { CODE_INJECTION_KEY, codeInjectionRebuilt } from "#app/server/models/code-injection.server.ts";
import { rowHash, SITE_ID_SETTING } from "#app/server/transfer/export/format.server.ts";
import { mappedEntries } from "../import-map.server.ts";
import { int, intOrNull, RowProblem, text } from "./columns.server.ts";
import {
  count,
  type ImportContext,
  inTransaction,
  mapped,
  notice,
  remember,
  sourceOf,
} from "./context.server.ts";

type Row = Record<string, unknown>;

// ---- Settings, site numbers ----

/**
 * Settings and site numbers are the site's own: the export's are written only when this site has
 * none of its own, or only those an earlier import of the same export wrote (then they follow
 * the export's changes). Decided once per table, before its first row is written.
 */
async function settingsAllowed(ctx: ImportContext, table: "settings" | "site_numbers"): Promise<boolean> {
  const known = ctx.settingsAllowed.get(table);
  if (known !== undefined) return known;
  const type = table === "settings" ? "setting" : "site_number";
  const own =
    table === "settings"
      ? (await ctx.db.selectFrom("settings").select("key").where("key", "!=", SITE_ID_SETTING).execute()).map(
          (r) => r.key,
        )
      : (await ctx.db.selectFrom("site_numbers").select("domain").execute()).map((r) => r.domain);
  const ours = await mappedEntries(ctx.db, sourceOf(ctx), type);
  const allowed = own.every((key) => ours.has(key));
  if (!allowed) {
    const what = table === "settings" ? "settings" : "site numbers";
    notice(ctx, "settings-kept", `This site has ${what} of its own: the export's ${what} were not imported.`);
  }
  ctx.settingsAllowed.set(table, allowed);
  return allowed;
}

export async function importSetting(
  ctx: ImportContext,
  table: "settings" | "site_numbers",
  row: Row,
): Promise<void> {
  const key = text(row, table === "settings" ? "key" : "domain");
  // The exporting site's own export id names that site, never this one.
  if (table === "settings" && key === SITE_ID_SETTING) return;
  if (table === "settings" && key === "siteInfo") ctx.report.source.title = siteName(row);
  if (!(await settingsAllowed(ctx, table))) return;
  const type = table === "settings" ? "setting" : "site_number";
  const hash = rowHash(row);
  const prior = await mapped(ctx, type, key);
  if (prior?.content_hash === hash) return count(ctx, "settings", "unchanged");
  count(ctx, "settings", prior ? "updated" : "added");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    if (table === "settings") {
      const values = {
        value: settingValue(ctx, key, text(row, "value")),
        updated_at: int(row, "updated_at", ctx.now),
      };
      await trx
        .insertInto("settings")
        .values({ key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
    } else {
      const values = {
        number_intl: text(row, "number_intl", ""),
        number_local: text(row, "number_local", ""),
      };
      await trx
        .insertInto("site_numbers")
        .values({ domain: key, ...values })
        .onConflict((oc) => oc.column("domain").doUpdateSet(values))
        .execute();
    }
    await remember(trx, ctx, type, key, 0, hash);
  });
}

/**
 * A setting's value as this site stores it: the code injection is rebuilt from what was typed
 * (models/code-injection.server.ts), never taken as the file says it runs.
 */
function settingValue(ctx: ImportContext, key: string, value: string): string {
  if (key !== CODE_INJECTION_KEY) return value;
  const { value: rebuilt, refused } = codeInjectionRebuilt(value);
  for (const message of refused)
    notice(ctx, "code-injection-refused", `${message} That part of the code injection was left empty.`);
  return JSON.stringify(rebuilt);
}

function siteName(row: Row): string {
  try {
    const info: unknown = JSON.parse(text(row, "value", "{}"));
    const name = (info as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name : "";
  } catch {
    return "";
  }
}

// ---- The media library and its files ----

const VARIANT_KEY = /^[0-9a-f]{24}-\d{1,5}\.webp$/;

export async function importUploadRow(ctx: ImportContext, row: Row): Promise<void> {
  const id = text(row, "id");
  if (!UPLOAD_ID.test(id)) throw new RowProblem("its id is not one this site makes");
  const present = await ctx.db.selectFrom("uploads").select("id").where("id", "=", id).executeTakeFirst();
  count(ctx, "media", present ? "unchanged" : "added");
  if (present || ctx.dryRun) return;
  await ctx.db
    .insertInto("uploads")
    .values({
      id,
      bytes: intOrNull(row, "bytes"),
      width: intOrNull(row, "width"),
      height: intOrNull(row, "height"),
      created_at: int(row, "created_at", ctx.now),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** An upload file goes into this site's store under its own key, unless the store has it already. */
export async function importUploadFile(ctx: ImportContext, key: string, bytes: Uint8Array): Promise<void> {
  if (!VARIANT_KEY.test(key)) {
    notice(ctx, "unknown-file", `${key} is not an image width this site makes: left out.`);
    return;
  }
  const present = (await ctx.store.read(key)) !== null;
  count(ctx, "mediaFiles", present ? "unchanged" : "added");
  if (present || ctx.dryRun) return;
  await ctx.store.put(key, bytes, "image/webp");
}

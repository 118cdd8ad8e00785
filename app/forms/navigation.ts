import { z } from "zod";
import { MAX_ROWS, NAV_LIMITS, NAV_MESSAGES } from "#app/lib/navigation.ts";
import { NAV_LEVELS } from "./navigation.fields.ts";

/** A posted row's text: bounded here (memory), checked by the menu rules (lib/navigation.ts). */
const cell = z.string().max(NAV_LIMITS.href * 2, NAV_MESSAGES.linkTooLong);
const rows = (max: number, tooMany: string) => z.array(cell).max(max, tooMany);

/** What a button of the editor asks for: save, or a move of one row of one menu. */
const NAV_OP = /^(save|add:(header|footer)|(remove|up|down):(header|footer):\d{1,4})$/;

/** The navigation editor's post: both menus' rows, the version it was opened at, the button. */
export const navigationForm = z.object({
  version: z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, "Unknown navigation version.")
    .transform(Number),
  op: z.string().regex(NAV_OP, "Unknown action."),
  headerLabel: rows(MAX_ROWS.header, NAV_MESSAGES.tooManyHeader),
  headerLink: rows(MAX_ROWS.header, NAV_MESSAGES.tooManyHeader),
  headerLevel: z
    .array(z.enum([NAV_LEVELS.top, NAV_LEVELS.child]))
    .max(MAX_ROWS.header, NAV_MESSAGES.tooManyHeader),
  footerLabel: rows(MAX_ROWS.footer, NAV_MESSAGES.tooManyFooter),
  footerLink: rows(MAX_ROWS.footer, NAV_MESSAGES.tooManyFooter),
});

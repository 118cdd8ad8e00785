import { z } from "zod";
import { parseAllowedHosts } from "#app/lib/allowed-hosts.ts";
import { prepareInjectedCode } from "#app/lib/injected-code.server.ts";
import { CODE_INJECTION_FIELDS } from "./code-injection.fields.ts";
import { tooLongMessage } from "./common.fields.ts";

const { headerCode, footerCode, allowedHosts } = CODE_INJECTION_FIELDS;

/** Code as typed (kept, to show again) and as it runs (rewritten for the CSP, or refused). */
export const injectedCodeField = (field: { label: string; max: number }) =>
  z
    .string()
    .max(field.max, tooLongMessage(field.label, field.max))
    .transform((source, ctx) => {
      const typed = source.replace(/\r\n?/g, "\n").trim();
      const prepared = prepareInjectedCode(typed, field.label);
      if (!prepared.ok) {
        ctx.addIssue({ code: "custom", message: prepared.message });
        return z.NEVER;
      }
      return { source: typed, code: prepared.code };
    });

export const codeInjectionSchema = z.object({
  headerCode: injectedCodeField(headerCode),
  footerCode: injectedCodeField(footerCode),
  allowedHosts: z
    .string()
    .max(allowedHosts.max, tooLongMessage(allowedHosts.label, allowedHosts.max))
    .transform((text, ctx) => {
      const parsed = parseAllowedHosts(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.hosts;
    }),
});

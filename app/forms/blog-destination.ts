import { z } from "zod";
import { BLOG_DESTINATION_FIELDS as F, BLOG_DESTINATION_MESSAGES as M } from "./blog-destination.fields.ts";

/** The blog form's Destination: empty is none, else a destination id (whether it exists, the model decides). */
export const blogDestinationField = z
  .string()
  .trim()
  .refine((v) => /^\d{0,9}$/.test(v) && v !== "0", {
    message: M.notInList,
    params: { summary: `${F.destination.label}: ${M.notInList}` },
  })
  .transform((v) => (v === "" ? null : Number(v)));

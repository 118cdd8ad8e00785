import { z } from "zod";
import { BLOG_DESTINATION_FIELDS, BLOG_DESTINATION_MESSAGES } from "./blog-destination.fields.ts";

/** The blog form's Destination: empty is none, else a destination id (whether it exists, the model decides). */
export const blogDestinationField = z
  .string()
  .trim()
  .refine((v) => /^\d{0,9}$/.test(v) && v !== "0", {
    message: BLOG_DESTINATION_MESSAGES.notInList,
    params: {
      summary: `${BLOG_DESTINATION_FIELDS.destination.label}: ${BLOG_DESTINATION_MESSAGES.notInList}`,
    },
  })
  .transform((v) => (v === "" ? null : Number(v)));

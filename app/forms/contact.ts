import { z } from "zod";
import { ELAPSED_FIELD } from "./common.fields.ts";
import { elapsedMs, email, phone, requiredText } from "./common.ts";
import { CONTACT_FIELDS } from "./contact.fields.ts";

export const contactSchema = z.object({
  first: requiredText(CONTACT_FIELDS.first),
  last: requiredText(CONTACT_FIELDS.last),
  email: email(),
  phone: phone(CONTACT_FIELDS.phone),
  message: requiredText(CONTACT_FIELDS.message),
  [ELAPSED_FIELD]: elapsedMs(),
});

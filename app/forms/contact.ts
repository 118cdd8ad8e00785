import { z } from "zod";
import { ELAPSED_FIELD } from "./common.fields.ts";
import { elapsedMs, email, phone, requiredText } from "./common.ts";
import { CONTACT_FIELDS as F } from "./contact.fields.ts";

export const contactSchema = z.object({
  first: requiredText(F.first),
  last: requiredText(F.last),
  email: email(),
  phone: phone(F.phone),
  message: requiredText(F.message),
  [ELAPSED_FIELD]: elapsedMs(),
});

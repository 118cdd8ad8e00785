import { z } from "zod";
import { email, phone, requiredText } from "./common.ts";
import { CONTACT_FIELDS as F } from "./contact.fields.ts";

export const contactSchema = z.object({
  first: requiredText(F.first),
  last: requiredText(F.last),
  email: email(),
  phone: phone(F.phone),
  message: requiredText(F.message),
});

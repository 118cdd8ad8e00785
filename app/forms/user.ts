import { z } from "zod";
import { email, phone, requiredText } from "./common.ts";
import { USER_FIELDS } from "./user.fields.ts";

export const userSchema = z.object({
  fullName: requiredText(USER_FIELDS.fullName),
  email: email(),
  phone: phone(USER_FIELDS.phone),
});

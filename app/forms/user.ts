import { z } from "zod";
import { email, phone, requiredText } from "./common.ts";
import { USER_FIELDS as F } from "./user.fields.ts";

export const userSchema = z.object({
  fullName: requiredText(F.fullName),
  email: email(),
  phone: phone(F.phone),
});

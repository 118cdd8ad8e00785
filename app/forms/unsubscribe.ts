import { z } from "zod";

/**
 * The unsubscribe button posts its link's token; a mail program's one-click POST (RFC 8058) may
 * send none, and then the token of the URL counts. Whether it names a subscriber is the model's to say.
 */
export const unsubscribeSchema = z.object({ token: z.string() });

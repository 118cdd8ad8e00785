import { z } from "zod";
import { checkbox } from "./common.ts";

/** Upload a new image, or go back to the site's own (Remove). */
const intent = z.enum(["upload", "remove"], { error: "Unknown action." });

export const logoForm = z.object({ intent, showName: checkbox() });
export const iconForm = z.object({ intent });
export const homeImageForm = z.object({ intent });

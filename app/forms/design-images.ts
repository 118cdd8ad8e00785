import { z } from "zod";
import { checkbox } from "./common.ts";

/** The logo and site icon forms' fields: the file itself is read from the form, not by the schema. */
export const DESIGN_IMAGE_FIELDS = {
  logoFile: { name: "logoFile", label: "Logo" },
  showName: { name: "showName", label: "Show the site's name beside the logo" },
  iconFile: { name: "iconFile", label: "Site icon" },
  homeImageFile: { name: "homeImageFile", label: "Home page image" },
} as const;

/** Upload a new image, or go back to the site's own (Remove). */
const intent = z.enum(["upload", "remove"], { error: "Unknown action." });

export const logoForm = z.object({ intent, showName: checkbox() });
export const iconForm = z.object({ intent });
export const homeImageForm = z.object({ intent });

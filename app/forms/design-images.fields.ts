/** The logo, site icon and home image forms' fields: each file is read from its form, not by the schema. */
export const DESIGN_IMAGE_FIELDS = {
  logoFile: { name: "logoFile", label: "Logo" },
  showName: { name: "showName", label: "Show the site's name beside the logo" },
  iconFile: { name: "iconFile", label: "Site icon" },
  homeImageFile: { name: "homeImageFile", label: "Home page image" },
} as const;

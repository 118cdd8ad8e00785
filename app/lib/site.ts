/** Site info (name, phone, phonecall, email, address, addressCity) plus the domain. */
export interface SiteInfo {
  name: string;
  phone: string;
  phonecall: string;
  email: string;
  address: string;
  addressCity: string;
  domain: string;
}

export interface SiteNumbers {
  numberIntl: string;
  numberLocal: string;
}

/** The product's own site info, until SITE_* variables or /admin/settings say otherwise. */
export const SITE_DEFAULTS: SiteInfo = {
  name: "Wanderplate",
  phone: "+1 (555) 010-0199",
  phonecall: "+15550100199",
  email: "hello@wanderplate.example",
  address: "Remote Team, Worldwide",
  addressCity: "",
  domain: "",
};

/** What the footer, contact page and titles show when a site info value is left empty. */
export const FALLBACK_BRAND = SITE_DEFAULTS.name;
export const FALLBACK_EMAIL = SITE_DEFAULTS.email;
export const FALLBACK_OFFICE = SITE_DEFAULTS.address;
export const TAGLINE = "Adventure made simple";

/** "Title | Site" for page titles other than a blog's own (which is its SEO title or title). */
export function pageTitle(title: string, siteName?: string): string {
  return `${title} | ${siteName || FALLBACK_BRAND}`;
}

/** Site info of spec §1 (name, phone, phonecall, email, address, addressCity) plus the domain. */
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

/** Footer fallbacks when site info is empty (spec §2). */
export const FALLBACK_BRAND = "Wanderplate";
export const FALLBACK_EMAIL = "hello@wanderplate.example";
export const FALLBACK_OFFICE = "Remote Team, Worldwide";
export const TAGLINE = "Adventure made simple";

/** "Title | Site" for page titles other than a blog's own (which the spec fixes). */
export function pageTitle(title: string, siteName?: string): string {
  return `${title} | ${siteName || FALLBACK_BRAND}`;
}

import type { NavItem } from "#app/lib/navigation.ts";
import {
  FALLBACK_BRAND,
  FALLBACK_EMAIL,
  FALLBACK_OFFICE,
  type SiteInfo,
  type SiteNumbers,
  TAGLINE,
} from "#app/lib/site.ts";
import { isExternalLink } from "#app/lib/site-links.ts";
import { ArrowRightIcon, MailIcon, PhoneIcon, PinIcon } from "./icons.tsx";
import { SiteLink } from "./site-link.tsx";

/** The call-to-action strip above the footer: it leads to /contact. */
export function CtaStrip() {
  return (
    <section aria-labelledby="cta-heading" className="bg-sea-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center">
        <div>
          <h2 id="cta-heading" className="font-serif text-3xl font-semibold">
            Planning a trip? Let's talk.
          </h2>
          <p className="mt-2 max-w-xl text-lg text-white/85">
            Tell us where you're dreaming of going and we'll share what we know: routes, seasons and where to
            eat.
          </p>
        </div>
        <SiteLink
          to="/contact"
          className="inline-flex shrink-0 items-center gap-2 rounded-full bg-white px-6 py-3 font-semibold text-sea-800 hover:bg-sand-100"
        >
          Get in touch <ArrowRightIcon />
        </SiteLink>
      </div>
    </section>
  );
}

/** Footer links (the owner's footer menu), tagline, fallbacks when site info is empty, current year. */
export function SiteFooter({
  info,
  numbers,
  links,
}: {
  info: SiteInfo;
  numbers: SiteNumbers;
  links: NavItem[];
}) {
  const brand = info.name || FALLBACK_BRAND;
  const email = info.email || FALLBACK_EMAIL;
  const office = [info.address, info.addressCity].filter(Boolean).join(", ") || FALLBACK_OFFICE;
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink-900 text-white/85">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <p className="font-serif text-2xl font-semibold text-white">{brand}</p>
          <p className="mt-2 text-lg">{TAGLINE}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2">
            {links.map((l) => (
              <li key={`${l.label}-${l.href}`}>
                {isExternalLink(l.href) ? (
                  <a href={l.href} className="hover:text-white hover:underline">
                    {l.label}
                  </a>
                ) : (
                  <SiteLink to={l.href} className="hover:text-white hover:underline">
                    {l.label}
                  </SiteLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex items-center gap-3">
              <MailIcon className="size-5 shrink-0" />
              <a href={`mailto:${email}`} className="hover:text-white hover:underline">
                {email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PhoneIcon className="size-5 shrink-0" />
              <a
                href={`tel:${numbers.numberIntl.replace(/[^+\d]/g, "")}`}
                className="hover:text-white hover:underline"
              >
                {numbers.numberIntl}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PinIcon className="size-5 shrink-0" />
              <span>{office}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm sm:px-6">
          © {year} {brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

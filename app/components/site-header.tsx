import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isActivePath } from "#app/lib/site-links.ts";
import { CloseIcon, MenuIcon, SearchIcon } from "./icons.tsx";
import { SiteLink } from "./site-link.tsx";

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/destinations", label: "Destinations" },
  { to: "/blogs", label: "Blog" },
  { to: "/contact", label: "Contact" },
] as const;

/** A menu link that marks the page the visitor is on (its section, for all but Home). */
function MenuLink({
  to,
  pathname,
  linkClass,
  children,
}: {
  to: string;
  pathname: string;
  linkClass(isActive: boolean): string;
  children: React.ReactNode;
}) {
  const active = isActivePath(pathname, to, { end: to === "/" });
  return (
    <SiteLink to={to} aria-current={active ? "page" : undefined} className={linkClass(active)}>
      {children}
    </SiteLink>
  );
}

/** The site's main links as a list (the header's bar and its mobile menu); `children` adds items after them. */
function NavLinks({
  className,
  pathname,
  linkClass,
  children,
}: {
  className: string;
  pathname: string;
  linkClass(isActive: boolean): string;
  children?: React.ReactNode;
}) {
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <MenuLink to={link.to} pathname={pathname} linkClass={linkClass}>
            {link.label}
          </MenuLink>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** The header switches to its scrolled style past 200 px. */
const SCROLL_THRESHOLD = 200;

/**
 * Fixed and light on the home page, absolute and dark elsewhere; a scrolled style past
 * 200 px; a search icon to /favorites; a hamburger toggling a mobile menu with the same links.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const { pathname } = useLocation();
  const home = pathname === "/";
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useEffect(() => setMenuOpen(false), [pathname]);

  const mobileLinkClass = (isActive: boolean) =>
    `block rounded-lg px-3 py-3 text-lg font-medium ${isActive ? (home ? "bg-sand-100" : "bg-white/10") : ""}`;

  const position = home ? "fixed" : "absolute";
  const theme = home
    ? scrolled
      ? "bg-white text-ink-900 shadow-md"
      : "bg-white/85 text-ink-900 backdrop-blur"
    : scrolled
      ? "bg-ink-900 text-white shadow-md"
      : "bg-ink-900/95 text-white";

  return (
    <header
      data-theme={home ? "light" : "dark"}
      data-scrolled={scrolled ? "true" : "false"}
      className={`${position} inset-x-0 top-0 z-40 transition-[background-color,box-shadow,padding] duration-300 ${theme} ${scrolled ? "py-2" : "py-4"}`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLink to="/" className="flex items-center gap-2 font-serif text-2xl font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          {siteName}
        </SiteLink>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks
            className="flex items-center gap-1"
            pathname={pathname}
            linkClass={(isActive) =>
              `rounded-full px-4 py-2 font-medium transition ${
                isActive
                  ? home
                    ? "bg-sea-700 text-white"
                    : "bg-white text-ink-900"
                  : home
                    ? "hover:bg-sand-100"
                    : "hover:bg-white/10"
              }`
            }
          />
        </nav>
        <div className="flex items-center gap-1">
          <SiteLink
            to="/favorites"
            aria-label="Saved places"
            title="Saved places"
            className={`inline-flex size-11 items-center justify-center rounded-full ${home ? "hover:bg-sand-100" : "hover:bg-white/10"}`}
          >
            <SearchIcon />
          </SiteLink>
          <button
            type="button"
            className={`inline-flex size-11 items-center justify-center rounded-full md:hidden ${home ? "hover:bg-sand-100" : "hover:bg-white/10"}`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className={`border-t px-4 pt-2 pb-4 md:hidden ${home ? "border-ink-900/10" : "border-white/15"}`}
      >
        <NavLinks className="flex flex-col" pathname={pathname} linkClass={mobileLinkClass}>
          <li>
            <MenuLink to="/search" pathname={pathname} linkClass={mobileLinkClass}>
              Search
            </MenuLink>
          </li>
        </NavLinks>
      </nav>
    </header>
  );
}

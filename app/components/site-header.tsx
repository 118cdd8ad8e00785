import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavItem } from "#app/lib/navigation.ts";
import { isActivePath, isExternalLink } from "#app/lib/site-links.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from "./icons.tsx";
import { SiteLink } from "./site-link.tsx";

/** A menu link that marks the page the visitor is on (its section, for all but Home). */
function MenuLink({
  item,
  pathname,
  linkClass,
}: {
  item: NavItem;
  pathname: string;
  linkClass(isActive: boolean): string;
}) {
  // Another site's address is an ordinary link: never a navigation inside the app, never marked.
  if (isExternalLink(item.href)) {
    return (
      <a href={item.href} className={linkClass(false)}>
        {item.label}
      </a>
    );
  }
  const active = isActivePath(pathname, item.href, { end: item.href === "/" });
  return (
    <SiteLink to={item.href} aria-current={active ? "page" : undefined} className={linkClass(active)}>
      {item.label}
    </SiteLink>
  );
}

/**
 * A header item with sub-items on a wide screen: its own link, and beside it a button that shows
 * and hides the sub-items (the WAI-ARIA disclosure pattern: `aria-expanded`, Escape closes and
 * returns to the button, leaving the item closes it). Before the page's script runs, the item's
 * own link still works.
 */
function DropdownItem({
  item,
  pathname,
  linkClass,
  home,
}: {
  item: NavItem;
  pathname: string;
  linkClass(isActive: boolean): string;
  home: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // A followed link closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useEffect(() => setOpen(false), [pathname]);
  const children = item.children ?? [];
  return (
    <li
      className="relative flex items-center"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <MenuLink item={item} pathname={pathname} linkClass={linkClass} />
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${item.label}: more`}
        onClick={() => setOpen((o) => !o)}
        className={`-ml-2 inline-flex size-9 items-center justify-center rounded-full ${home ? "hover:bg-sand-100" : "hover:bg-white/10"}`}
      >
        <ChevronDownIcon className={`size-4 transition ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 min-w-56 rounded-2xl bg-white p-2 text-ink-900 shadow-lg ring-1 ring-ink-900/10"
      >
        {children.map((child) => (
          <li key={`${child.label}-${child.href}`}>
            <MenuLink
              item={child}
              pathname={pathname}
              linkClass={(isActive) =>
                `block rounded-xl px-4 py-2 font-medium ${isActive ? "bg-sea-700 text-white" : "hover:bg-sand-100"}`
              }
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The header's items on a wide screen: a link each, a dropdown for an item with sub-items. */
function WideMenu({
  items,
  pathname,
  linkClass,
  home,
}: {
  items: NavItem[];
  pathname: string;
  linkClass(isActive: boolean): string;
  home: boolean;
}) {
  return (
    <ul className="flex items-center gap-1">
      {items.map((item) =>
        item.children?.length ? (
          <DropdownItem
            key={`${item.label}-${item.href}`}
            item={item}
            pathname={pathname}
            linkClass={linkClass}
            home={home}
          />
        ) : (
          <li key={`${item.label}-${item.href}`}>
            <MenuLink item={item} pathname={pathname} linkClass={linkClass} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The header's items in the phone menu: sub-items nested under their item; `children` adds items after them. */
function PhoneMenu({
  items,
  pathname,
  linkClass,
  children,
}: {
  items: NavItem[];
  pathname: string;
  linkClass(isActive: boolean): string;
  children?: React.ReactNode;
}) {
  return (
    <ul className="flex flex-col">
      {items.map((item) => (
        <li key={`${item.label}-${item.href}`}>
          <MenuLink item={item} pathname={pathname} linkClass={linkClass} />
          {item.children?.length ? (
            <ul className="ml-4 border-l border-current/20 pl-2">
              {item.children.map((child) => (
                <li key={`${child.label}-${child.href}`}>
                  <MenuLink item={child} pathname={pathname} linkClass={linkClass} />
                </li>
              ))}
            </ul>
          ) : null}
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
 * The links are the owner's header menu (/admin/navigation).
 */
export function SiteHeader({
  siteName,
  items,
  logo,
}: {
  siteName: string;
  items: NavItem[];
  /** The owner's logo (/admin/design), sized for the header; null: the site's own mark. */
  logo: { src: string; width: number; height: number; showName: boolean } | null;
}) {
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
          {logo ? (
            <img
              src={logo.src}
              alt={logo.showName ? "" : siteName}
              width={logo.width}
              height={logo.height}
              className="max-h-10 w-auto"
            />
          ) : (
            <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          )}
          {(!logo || logo.showName) && siteName}
        </SiteLink>
        <nav aria-label="Main" className="hidden md:block">
          <WideMenu
            items={items}
            home={home}
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
        <PhoneMenu items={items} pathname={pathname} linkClass={mobileLinkClass}>
          <li>
            <MenuLink
              item={{ label: "Search", href: "/search" }}
              pathname={pathname}
              linkClass={mobileLinkClass}
            />
          </li>
        </PhoneMenu>
      </nav>
    </header>
  );
}

/**
 * Rules for the site's own links (`SiteLink`): when a click on one becomes a navigation inside the
 * app, and when a menu link marks the page the visitor is on. The same rules as React Router's
 * `<Link>` and `<NavLink>`, for links whose target is always a path of this site.
 */

/** What a click handler needs to know of the click. */
interface LinkClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** What it needs to know of the anchor clicked (an HTMLAnchorElement has all of these). */
interface ClickedAnchor {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/**
 * The path, query and fragment to navigate to inside the app, or null when the browser should
 * follow the link itself: another button or a modifier key (a new tab or window, a download), a
 * handler that already took the click, a target other than this tab, a download link, another origin.
 */
export function inAppDestination(click: LinkClick, anchor: ClickedAnchor, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.origin !== origin) return null;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}

/**
 * Whether a menu link to `to` stands for the page at `pathname`: the same path, or (unless `end`)
 * a page under it, so "Blog" stays marked on a blog's own page. Letter case does not count, as
 * in React Router. "/" only ever matches itself.
 */
export function isActivePath(pathname: string, to: string, { end = false } = {}): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase().replace(/(.)\/$/, "$1");
  if (here === target) return true;
  if (end || target === "/") return false;
  return here.startsWith(`${target}/`);
}

/**
 * Whether a menu link (/admin/navigation) leaves this site: an `https://` address, shown as a plain
 * link, never a navigation inside the app and never marked as the current page.
 */
export const isExternalLink = (href: string) => !href.startsWith("/");

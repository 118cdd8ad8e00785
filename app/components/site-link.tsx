import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";
import { inAppDestination } from "#app/lib/site-links.ts";

/**
 * A link to a page of this site, written as a plain anchor. React Router's `<Link>` resolves its
 * path against the matched routes and sets up click, navigation and prefetch hooks for each link
 * it renders; public pages have 20 to 50 links, and an uncached render spent 9–17 % less CPU
 * without them (docs/performance.md). These links only ever need an absolute path, so one click
 * handler for the whole document (`useSiteLinkNavigation`, in the root) makes their clicks
 * navigations inside the app, and `data-discover` has React Router fetch their routes ahead, as
 * it does for its own links.
 */
export function SiteLink({
  to,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a {...props} href={to} data-discover="true" data-site-link="" />;
}

/**
 * Turns clicks on `SiteLink`s into navigations inside the app, as `<Link>` does for its own (the
 * same URL again replaces the history entry instead of adding one). Until the page is hydrated,
 * the browser follows them as ordinary links.
 */
export function useSiteLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const anchor = event.target instanceof Element ? event.target.closest("a[data-site-link]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const destination = inAppDestination(event, anchor, window.location.origin);
      if (destination === null) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(destination, { replace: destination === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useNonce } from "#app/components/nonce.tsx";
import { FONTS_CACHED_CLASS, FONTS_READY_CLASS, FONTS_STORAGE_KEY } from "#app/lib/site-fonts.ts";

/** The owner's fonts as the public layout's loader gives them (server/http/fonts.server.ts). */
export interface SiteFontsData {
  families: string[];
  key: string;
  withoutScriptCss: string;
}

const showFonts = () => document.documentElement.classList.add(FONTS_READY_CLASS);

/**
 * Shows the owner's fonts without ever making a page wait for them or jump under the reader
 * (lib/site-fonts.ts has the two classes this sets).
 * - A browser that fetched the files on an earlier page (it stored their key) gets the cached class
 *   before the first paint, from a tiny inline script: the files come from its cache.
 * - Every page fetches them once it has loaded, stores the key and shows them from the next page
 *   on (a navigation replaces the page anyway).
 * - Without JavaScript, the fonts apply outright (`font-display: swap`).
 */
export function SiteFonts({ fonts }: { fonts: SiteFontsData | null }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const fetched = useRef(false);

  useEffect(() => {
    if (!fonts || document.documentElement.classList.contains(FONTS_READY_CLASS)) return;
    let cancelled = false;
    const fetchFonts = () => {
      Promise.all(fonts.families.map((family) => document.fonts.load(`1em "${family}"`)))
        .then((faces) => {
          if (cancelled || faces.some((loaded) => loaded.length === 0)) return;
          fetched.current = true;
          try {
            localStorage.setItem(FONTS_STORAGE_KEY, fonts.key);
          } catch {
            // Storage refused (private mode, full): the fonts still show from the next page on.
          }
        })
        .catch(() => {});
    };
    const afterLoad = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(fetchFonts);
      else setTimeout(fetchFonts, 0);
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", afterLoad);
    };
  }, [fonts]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change by design
  useEffect(() => {
    if (fetched.current) showFonts();
  }, [pathname]);

  if (!fonts) return null;
  const stored = JSON.stringify(fonts.key);
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; the key is a base64url hash
        dangerouslySetInnerHTML={{
          __html: `try{if(localStorage.getItem(${JSON.stringify(FONTS_STORAGE_KEY)})===${stored})document.documentElement.classList.add(${JSON.stringify(FONTS_CACHED_CLASS)})}catch(e){}`,
        }}
      />
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS the server wrote from its own font list
        dangerouslySetInnerHTML={{ __html: `<style>${fonts.withoutScriptCss}</style>` }}
      />
    </>
  );
}

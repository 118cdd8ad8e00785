import { createContext, useContext } from "react";

/**
 * The site's whole stylesheet (8 KB compressed), inlined in every document so that the first
 * paint waits on no other request: on a slow phone connection that request was the largest part
 * of the time to first paint. Only the server has the text (entry.server.tsx provides it), so it
 * is not shipped a second time inside the client's JavaScript; in the browser the element keeps
 * what the server sent.
 */
export const InlineStylesContext = createContext("");

const STYLESHEET_ID = "site-stylesheet";

/**
 * In the browser, the stylesheet the server sent, read from the document once. React draws the
 * element anew when the document root's error page takes the place of the page (an action that
 * failed after a client-side submission): with nothing to draw it with, the page lost its styles.
 */
let sentStylesheet: string | undefined;

function stylesheetInDocument(): string {
  sentStylesheet ??= document.getElementById(STYLESHEET_ID)?.textContent ?? "";
  return sentStylesheet;
}

export function InlineStyles() {
  const css =
    useContext(InlineStylesContext) || (typeof document === "undefined" ? "" : stylesheetInDocument());
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input
    <style id={STYLESHEET_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
  );
}

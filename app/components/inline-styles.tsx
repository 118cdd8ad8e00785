import { createContext, useContext } from "react";

/**
 * The site's whole stylesheet (8 KB compressed), inlined in every document so that the first
 * paint waits on no other request: on a slow phone connection that request was the largest part
 * of the time to first paint. Only the server has the text (entry.server.tsx provides it), so it
 * is not shipped a second time inside the client's JavaScript; in the browser the element keeps
 * what the server sent, and React leaves its content alone.
 */
export const InlineStylesContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

import { createContext, useContext, useState } from "react";

/** The id of the request being rendered (server only), for the error pages to show. */
export const RequestIdContext = createContext("");

const ATTRIBUTE = "data-request-id";

/**
 * The id a server-rendered error page carries, read once when the browser starts: the first
 * error page the browser renders is that one (hydration), and must say the same. Error pages the
 * browser reaches later come from requests whose id it does not know.
 */
let documentId: string | undefined =
  typeof document === "undefined"
    ? undefined
    : (document.querySelector(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) ?? undefined);

/**
 * "Reference: <id>" on an error page, so a visitor can quote it and the owner find the request's
 * log lines. Nothing when the id is unknown.
 */
export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  const [fromDocument] = useState(() => {
    const id = documentId;
    documentId = undefined;
    return id;
  });
  const id = fromServer || fromDocument;
  if (!id) return null;
  return (
    <p className="mt-6 text-sm text-ink-700" {...{ [ATTRIBUTE]: id }}>
      Reference: <code>{id}</code>
    </p>
  );
}

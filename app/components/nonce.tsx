import { createContext, useContext } from "react";

/** The CSP nonce of the current response, for inline scripts React Router renders. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);

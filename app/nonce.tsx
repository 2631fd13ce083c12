import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response, for the scripts the root layout writes.
// Empty in the browser: React keeps the attribute the server rendered.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

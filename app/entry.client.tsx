/**
 * React Router's default client entry, except that the root is created in a task of its own:
 * evaluating React DOM (a large module body) and creating the root then each stay under the
 * 50 ms that counts as a long task on a slow phone, instead of adding up to one.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

await new Promise<void>((resolve) => setTimeout(resolve, 0));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

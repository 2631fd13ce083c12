import type { AppLoadContext } from "@remix-run/node";
import { requestScope } from "~/request-scope.server";

// Blocks the server draws and the browser does not hydrate (decision 031). A page's HTML carries
// its loaders' data a second time for hydration; for a block with nothing to do in the browser
// (announcements, game and winner lists: links and text) that copy is weight and work for
// nothing. On a page request its loader keeps the block's data here, in the request's scope, for
// the server's render only; the data answer of a client-side navigation carries it as usual.

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** A page, not its `.data` twin: set by our server (server/index.ts); absent in tests and `remix vite:dev`. */
    documentRequest?: boolean;
  }
}

const PREFIX = "drawn:";

/**
 * The block's data for the loader to return: `data` itself on a data request, or null on a page
 * request, where the server's render reads it from the request's scope (`drawnOnServer`).
 */
export function serverDrawn<T>(context: AppLoadContext | undefined, name: string, data: T): T | null {
  const memo = requestScope()?.memo;
  if (!context?.documentRequest || !memo) return data;
  memo.set(PREFIX + name, data);
  return null;
}

/** What entry.server gives the render: the data of this request's server-drawn blocks, by name. */
export function drawnOnServer(): (name: string) => unknown {
  const memo = requestScope()?.memo;
  return (name) => memo?.get(PREFIX + name);
}

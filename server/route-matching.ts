import { createRequire } from "node:module";
import { dirname } from "node:path";

// Route matching remembered per path (issue 14, decision 028). @remix-run/router's matchRoutes
// flattens and ranks the whole route table, then compiles a regular expression for each branch it
// tries, on every call; Remix calls it four times for each page (the request handler, the data
// query, the render and the partial manifest of lazy route discovery), which was 14 % of a
// rendered page's CPU over this app's 100 routes. The answer depends only on the route table and
// the path, and the table never changes in a running server, so three of the four calls (the
// ones made through the module's export; the data query's is internal) are answered from a
// bounded map keyed by path, each caller getting its own copy with its own route objects.

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchRoutes = ((routes: Route[], location: string | { pathname?: string }, basename?: string) => Match[] | null) & {
  remembered?: true;
};
/** A remembered answer: the matched routes by id, so it serves every table built from the same routes. */
type Answer = Array<Omit<Match, "route"> & { id: string }> | null;
/** A route table as matching sees it: its shape (ids, paths, index and case flags, nesting) and its routes by id. */
type Table = { shape: string; byId: Map<string, Route> } | null;

const require = createRequire(import.meta.url);

/** The one @remix-run/router module Remix's server runtime and React Router load, or null when they load different copies. */
function sharedRouterModule(): { matchRoutes: MatchRoutes } | null {
  const ours = require.resolve("@remix-run/router");
  const runtime = require.resolve("@remix-run/server-runtime");
  const reactRouter = require.resolve("react-router");
  for (const from of [runtime, reactRouter]) {
    if (require.resolve("@remix-run/router", { paths: [dirname(from)] }) !== ours) return null;
  }
  return require("@remix-run/router") as { matchRoutes: MatchRoutes };
}

/**
 * Remix builds a new route table for each render from the same manifest, so answers are kept by the
 * table's shape, not its identity, and handed back with the caller's own route objects. A table with
 * a route without an id is not remembered.
 */
function tableOf(routes: Route[]): Table {
  const parts: string[] = [];
  const byId = new Map<string, Route>();
  const walk = (level: Route[], depth: number): boolean => {
    for (const route of level) {
      if (typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      parts.push(`${depth}\t${route.id}\t${route.path ?? "\u0000"}\t${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`);
      if (route.children && !walk(route.children, depth + 1)) return false;
    }
    return true;
  };
  return walk(routes, 0) ? { shape: parts.join("\n"), byId } : null;
}

/** matchRoutes with its answers kept per route table shape and path (at most `limit` paths a shape, oldest dropped first). */
export function rememberingMatchRoutes(original: MatchRoutes, limit = 2000): MatchRoutes {
  const tables = new WeakMap<Route[], Table>();
  const answersByShape = new Map<string, Map<string, Answer>>();
  const remembering: MatchRoutes = (routes, location, basename = "/") => {
    let table = tables.get(routes);
    if (table === undefined) tables.set(routes, (table = tableOf(routes)));
    if (!table) return original(routes, location, basename);
    let answers = answersByShape.get(table.shape);
    if (!answers) answersByShape.set(table.shape, (answers = new Map()));
    const pathname = typeof location === "string" ? location.split(/[?#]/, 1)[0]! : (location.pathname ?? "/");
    const key = `${basename}\n${pathname}`;
    const known = answers.get(key);
    if (known !== undefined) {
      const byId = table.byId;
      return (
        // biome-ignore lint/complexity/useOptionalChain: null stays null (a remembered "no match"), not undefined
        known &&
        known.map(({ id, params, pathname, pathnameBase }) => ({ params: { ...params }, pathname, pathnameBase, route: byId.get(id)! }))
      );
    }
    const answer = original(routes, location, basename);
    if (answers.size >= limit) answers.delete(answers.keys().next().value!);
    answers.set(
      key,
      // biome-ignore lint/complexity/useOptionalChain: null stays null (a remembered "no match"), not undefined
      answer &&
        answer.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id!, params: { ...params }, pathname, pathnameBase })),
    );
    return answer;
  };
  remembering.remembered = true;
  return remembering;
}

/** Installs the remembering matchRoutes on the shared router module; says whether it could. */
export function rememberRouteMatches(): boolean {
  const router = sharedRouterModule();
  if (!router || router.matchRoutes.remembered) return router !== null;
  router.matchRoutes = rememberingMatchRoutes(router.matchRoutes);
  return true;
}

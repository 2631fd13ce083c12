import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { PAGES } from "./domain/pages";

// File routes (app/routes, flat-routes convention) plus the page table: pages served by
// the shared lobby or page module, and every alias of docs/SPEC.md point 2, each a route of
// its own id pointing at the same file (so an alias answers 200, not a redirect).

const fileRoutes = await flatRoutes({ ignoredRouteFiles: ["**/*.test.*", "**/*.server.*"] });

const tableRoutes: RouteConfigEntry[] = [];
for (const page of PAGES) {
  if (page.module === "own") continue;
  const file = `pages/${page.module}.tsx`;
  for (const path of [page.path, ...(page.aliases ?? [])]) {
    tableRoutes.push(route(path, file, { id: `page${path}` }));
  }
}

// Aliases of pages with their own module nest where the original nests (home's under _home).
function aliasesOf(entries: RouteConfigEntry[], parentPath = ""): void {
  for (const entry of [...entries]) {
    const own = `${parentPath}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    if (entry.children) aliasesOf(entry.children, entry.path ? own : parentPath);
    // A pathless layout is not a page; its index child and path children are.
    if (!entry.index && !entry.path) continue;
    const full = entry.index ? parentPath || "/" : own.replace(/\/$/, "");
    const page = PAGES.find((p) => p.module === "own" && p.path === full);
    for (const alias of page?.aliases ?? []) {
      entries.push({ ...entry, index: undefined, path: alias.slice(1), id: `alias${alias}`, children: undefined });
    }
  }
}
aliasesOf(fileRoutes);

export default [...fileRoutes, ...tableRoutes] satisfies RouteConfig;

import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { rememberingMatchRoutes, rememberRouteMatches } from "../../../server/route-matching";

const require = createRequire(import.meta.url);
type Router = { matchRoutes: Parameters<typeof rememberingMatchRoutes>[0] };
const router = require("@remix-run/router") as Router;
const original = router.matchRoutes;

// A table shaped like the app's: a root with pathless layouts, index routes, nested pages,
// dynamic segments, a splat and top-level pages from the page table.
const table = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "_home",
        children: [
          { id: "_home._index", index: true },
          { id: "_home.login", path: "login" },
        ],
      },
      {
        id: "member",
        path: "member",
        children: [
          { id: "member._index", index: true },
          { id: "member.deposit", path: "deposit" },
        ],
      },
      { id: "about.$key", path: "about/:key" },
      { id: "auth.$provider_.callback", path: "auth/:provider/callback" },
      { id: "media.$", path: "media/*" },
      { id: "page/rng", path: "/rng" },
      { id: "alias/index.html", path: "index.html" },
      { id: "$", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/login",
  "/member",
  "/member/",
  "/member/deposit",
  "/member/nope",
  "/about/terms",
  "/about/%E0%A6%95",
  "/auth/google/callback",
  "/media/a/b/c.png",
  "/rng",
  "/RNG",
  "/index.html",
  "/nowhere",
  "/a/b/c",
  "//",
  "/login?x=1",
];

describe("route matching remembered per path", () => {
  it("answers exactly what matchRoutes answers, the first time and from memory", () => {
    const remembering = rememberingMatchRoutes(original);
    for (const path of paths) {
      const expected = original(table, path, "/");
      expect(remembering(table, path, "/")).toEqual(expected);
      expect(remembering(table, path, "/")).toEqual(expected);
      expect(remembering(table, { pathname: path.split("?")[0] }, "/")).toEqual(original(table, { pathname: path.split("?")[0] }, "/"));
    }
    // A basename is part of the question.
    expect(remembering(table, "/app/login", "/app")).toEqual(original(table, "/app/login", "/app"));
    expect(remembering(table, "/app/login", "/")).toEqual(original(table, "/app/login", "/"));
  });

  it("gives each caller its own matches: changing one answer changes no later one", () => {
    const remembering = rememberingMatchRoutes(original);
    const first = remembering(table, "/about/terms")!;
    first[1]!.params.key = "changed";
    first.pop();
    const again = remembering(table, "/about/terms")!;
    expect(again).toEqual(original(table, "/about/terms"));
    expect(again.at(-1)!.params.key).toBe("terms");
  });

  it("serves a table rebuilt from the same routes (as Remix builds one per render) with that table's own routes", () => {
    const spy = vi.fn(original);
    const remembering = rememberingMatchRoutes(spy);
    const rebuilt = structuredClone(table);
    expect(remembering(table, "/member/deposit")).toEqual(original(table, "/member/deposit"));
    const answer = remembering(rebuilt, "/member/deposit")!;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(answer.map((m) => m.route)).toEqual(original(rebuilt, "/member/deposit")!.map((m) => m.route));
    expect(answer.at(-1)!.route).toBe(rebuilt[0]!.children[1]!.children![1]);
    // Another shape (a path changed) is asked afresh; a table with a route without an id is never remembered.
    const moved = structuredClone(table);
    moved[0]!.children[1]!.children![1]!.path = "pay";
    expect(remembering(moved, "/member/deposit")).toEqual(original(moved, "/member/deposit"));
    expect(spy).toHaveBeenCalledTimes(2);
    const anonymous = [{ path: "/x" }];
    remembering(anonymous, "/x");
    remembering(anonymous, "/x");
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("keeps another route table's answers apart, and at most `limit` paths a table", () => {
    const spy = vi.fn(original);
    const remembering = rememberingMatchRoutes(spy, 3);
    const other = [{ id: "only", path: "/login" }];
    expect(remembering(other, "/login")![0]!.route).toBe(other[0]);
    expect(remembering(table, "/login")!.at(-1)!.route).toMatchObject({ id: "_home.login" });
    for (const path of ["/a", "/b", "/c", "/d"]) remembering(table, path);
    spy.mockClear();
    remembering(table, "/d");
    expect(spy).not.toHaveBeenCalled();
    remembering(table, "/login"); // dropped: the oldest of four with room for three
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("is installed once on the router module Remix's server runtime calls", () => {
    const underneath = vi.fn(original);
    router.matchRoutes = underneath;
    try {
      expect(rememberRouteMatches()).toBe(true);
      const installed = router.matchRoutes;
      expect(installed.remembered).toBe(true);
      expect(rememberRouteMatches()).toBe(true);
      expect(router.matchRoutes).toBe(installed);
      const runtime = require("@remix-run/server-runtime/dist/routeMatching.js") as {
        matchServerRoutes(routes: unknown, pathname: string, basename?: string): Array<{ route: { id: string } }> | null;
      };
      const serverRoutes = [{ id: "root", path: "", children: [{ id: "page", path: "page" }] }];
      expect(runtime.matchServerRoutes(serverRoutes, "/page")!.map((m) => m.route.id)).toEqual(["root", "page"]);
      expect(runtime.matchServerRoutes(serverRoutes, "/page")!.map((m) => m.route.id)).toEqual(["root", "page"]);
      expect(underneath).toHaveBeenCalledTimes(1);
    } finally {
      router.matchRoutes = original;
    }
  });
});

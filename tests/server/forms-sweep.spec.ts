import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { browse, hiddenInputs, Jar, logIn, startWeb, type Proc } from "./harness";

// Issue 11: every route that takes a form, posted the ways a script or another site would: with
// another login's form token, without the honeypot, from another origin, with PUT or DELETE, a
// JSON body or a broken multipart body. Each is refused with 403, 400, 405 or 415, never a 5xx.
// The routes are read from app/routes, so a new form is swept without anyone listing it.

const ROOT = new URL("../..", import.meta.url).pathname;
const ROUTES = join(ROOT, "app/routes");

/** Remix's flat route file name to its address: "_home.login" → /login, "member.deposit" → /member/deposit. */
function pathOf(name: string): string {
  return (
    "/" +
    name
      .split(".")
      .filter((s) => !s.startsWith("_"))
      .join("/")
  );
}

type Kind = "member" | "agent" | "public" | "preference";

/**
 * Forms that set only this browser's own preference (a cookie), for visitors and players alike
 * (data saver, issue 29): no honeypot or form token guards them, since a script's post changes its
 * own cookie and nothing else. They are still swept for the rest, and for where they send back to.
 */
const PREFERENCES = new Set(["/data-saver"]);

/** The sources of the modules a route takes its action from (import { fooAction } from "~/x/y" → app/x/y.ts). */
function importedModules(source: string): string[] {
  const out: string[] = [];
  for (const [, names, spec] of source.matchAll(/import \{([^}]*)\} from "~\/([\w./-]+)"/g)) {
    if (!/\w+Action\b/.test(names!)) continue;
    for (const ext of [".ts", ".tsx"]) {
      try {
        out.push(readFileSync(join(ROOT, "app", spec + ext), "utf8"));
        break;
      } catch {
        // not this extension
      }
    }
  }
  return out;
}

function actionRoutes(): Array<{ path: string; kind: Kind }> {
  const found: Array<{ path: string; kind: Kind }> = [];
  for (const entry of readdirSync(ROUTES)) {
    const dir = join(ROUTES, entry);
    const files = statSync(dir).isDirectory() ? readdirSync(dir).map((f) => join(dir, f)) : [dir];
    const own = files
      .filter((f) => /\.(tsx?|ts)$/.test(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    // A route whose action lives in a shared module (~/promotions/promotions.server) is read with it.
    const source = [own, ...importedModules(own)].join("\n");
    const route = files.find((f) => /(^|\/)route\.tsx?$/.test(f)) ?? dir;
    if (!/export (async function|const) action\b/.test(readFileSync(route, "utf8"))) continue;
    const name = entry.replace(/\.tsx?$/, "");
    const path = pathOf(name);
    // Agent pages start their actions with agentAction (directly or through a shared module).
    const kind: Kind = PREFERENCES.has(path)
      ? "preference"
      : path.startsWith("/agent/")
        ? "agent"
        : /csrfForm|moneyAction/.test(source)
          ? "member"
          : "public";
    found.push({ path, kind });
  }
  return found;
}

let web: Proc | undefined;
test.beforeAll(async () => {
  web = await startWeb({});
});
test.afterAll(async () => {
  await web?.stop();
});

async function signedIn(username = "demo_member"): Promise<{ jar: Jar; csrf: string }> {
  const jar = new Jar();
  const login = await logIn(jar, web!.url, username, "Demo@1234");
  expect(login.status).toBe(302);
  const home = await (await browse(jar, `${web!.url}/`)).text();
  const csrf = hiddenInputs(home, /logout/).csrf ?? "";
  expect(csrf.length).toBeGreaterThan(20);
  return { jar, csrf };
}

test("every form route refuses what no page of the site sends, and never answers 5xx", async () => {
  const routes = actionRoutes();
  // The sweep sees the forms it must: money, the member centre, the public account forms.
  for (const known of [
    "/login",
    "/register",
    "/forgot-password",
    "/free-play",
    "/logout",
    "/member/deposit",
    "/member/withdraw",
    "/member/transfer-fund",
    "/agent/team",
    "/agent/register-center",
    "/agent/daily-salary",
    "/promoDetail",
    "/pointMall",
  ]) {
    expect(
      routes.map((r) => r.path),
      known,
    ).toContain(known);
  }
  // Actions kept in a shared module are swept as what they are: a member's forms.
  for (const member of ["/promoDetail", "/pointMall"]) expect(routes.find((r) => r.path === member)?.kind, member).toBe("member");
  expect(routes.filter((r) => r.kind === "agent").length).toBeGreaterThanOrEqual(6);
  const mine = await signedIn();
  const other = await signedIn();
  expect(other.csrf).not.toBe(mine.csrf);
  const agent = await signedIn("demo_agent");
  const otherAgent = await signedIn("demo_agent");
  const url = (path: string) => `${web!.url}${path}`;
  const outcomes: string[] = [];
  const check = async (what: string, path: string, response: Response, expected: number[]) => {
    outcomes.push(`${response.status} ${what} ${path}`);
    expect(response.status, `${what} ${path}`).toBeLessThan(500);
    expect(expected, `${what} ${path}: ${response.status}`).toContain(response.status);
  };

  for (const { path, kind } of routes) {
    for (const target of [path, `${path}.data`]) {
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      if (kind === "member" || kind === "agent") {
        const [self, stranger] = kind === "agent" ? [agent, otherAgent] : [mine, other];
        // Another login's token, in this login's session; and no token at all.
        const foreign = await browse(self.jar, url(target), {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ csrf: stranger.csrf, intent: "x", amount: "1" }).toString(),
        });
        await check("foreign token", target, foreign, [403]);
        const missing = await browse(self.jar, url(target), {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ intent: "x", amount: "1" }).toString(),
        });
        await check("no token", target, missing, [403]);
        if (kind === "agent") {
          // A member's own valid token: still not an agent.
          const member = await browse(mine.jar, url(target), {
            method: "POST",
            headers: form,
            body: new URLSearchParams({ csrf: mine.csrf, intent: "transfer", amount: "1" }).toString(),
          });
          await check("not an agent", target, member, [403]);
        }
      } else if (kind === "preference") {
        // A script's post sets its own cookie, and is sent back only to a page of this site.
        const away = await browse(new Jar(), url(target), {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ on: "1", redirectTo: "https://evil.example/" }).toString(),
          redirect: "manual",
        });
        // A page's post is redirected (303); its data twin's says where in its body (202, single fetch).
        await check("preference", target, away, target.endsWith(".data") ? [202] : [303]);
        if (!target.endsWith(".data")) expect(away.headers.get("location")).toBe("/");
        else expect(await away.text()).not.toContain("evil.example");
        expect(away.headers.get("set-cookie")).toMatch(/^saver=1;/);
      } else {
        // A script's post: the fields, no honeypot.
        const bare = await browse(new Jar(), url(target), {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ username: "demo_member", password: "Demo@1234", tab: "email" }).toString(),
        });
        await check("no honeypot", target, bare, [400]);
      }
      const jar = kind === "member" ? mine.jar : kind === "agent" ? agent.jar : new Jar();
      // Posted from another site (Remix's own check used to answer 500).
      const cross = await browse(jar, url(target), {
        method: "POST",
        headers: { ...form, Origin: "https://evil.example" },
        body: "csrf=x",
      });
      await check("cross-site", target, cross, [403]);
      const nullOrigin = await browse(jar, url(target), { method: "POST", headers: { ...form, Origin: "null" }, body: "csrf=x" });
      await check("origin null", target, nullOrigin, [403]);
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const other = await browse(jar, url(target), { method, headers: form, body: "a=1" });
        await check(method, target, other, [405]);
        expect(other.headers.get("allow")).toBe("GET, HEAD, POST");
      }
      const json = await browse(jar, url(target), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrf: mine.csrf, amount: 1 }),
      });
      await check("JSON", target, json, [415]);
      const broken = await browse(jar, url(target), {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=----sweep" },
        body: `------sweep\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${mine.csrf}\r\n------sweep\r\nContent-Disposition: form-da`,
      });
      await check("broken multipart", target, broken, [400]);
    }
  }
  // The session survived all of it: the player is still signed in.
  const still = await browse(mine.jar, url("/"));
  expect(still.status).toBe(200);
  expect(hiddenInputs(await still.text(), /logout/).csrf).toBe(mine.csrf);
  const perRoute = (kind: Kind) => (kind === "agent" ? 10 : kind === "member" ? 9 : 8);
  expect(outcomes.length).toBe(routes.reduce((n, r) => n + 2 * perRoute(r.kind), 0));
});

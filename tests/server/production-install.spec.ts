import { execFileSync, spawnSync } from "node:child_process";
import { builtinModules } from "node:module";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startPlatform, startWeb, type Proc } from "./harness";

// Production runs the build with plain node on `npm install --omit=dev`: no tsx, no Vite, no
// build at start-up. Checked twice: every package the built code imports is a run-time
// dependency, and a copy of the build on a production install serves pages.

const ROOT = new URL("../..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? builtFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

test("the built server, platform and command line import only run-time dependencies", () => {
  const files = [...builtFiles(join(ROOT, "build/server")), ...builtFiles(join(ROOT, "build/node"))];
  expect(files.length).toBeGreaterThan(3);
  const builtins = new Set(builtinModules);
  const missing = new Set<string>();
  const seen = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    // Bundles keep their static imports one a line at the top; dynamic ones are import("…").
    const statics = code.matchAll(/^\s*(?:import|export)\b[^;"'\n]*?(?:\bfrom\s*)?["']([^"'./][^"']*)["'];?\s*$/gm);
    const dynamics = code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g);
    for (const m of [...statics, ...dynamics]) {
      const specifier = m[1]!;
      seen.add(packageOf(specifier));
      if (specifier.startsWith("node:") || builtins.has(specifier) || builtins.has(packageOf(specifier))) continue;
      if (!(packageOf(specifier) in pkg.dependencies)) missing.add(`${packageOf(specifier)} (${file.slice(ROOT.length)})`);
    }
  }
  // The scan finds what the server and the platform really import.
  for (const known of ["express", "@remix-run/express", "pino", "@electric-sql/pglite", "react-dom"])
    expect(seen.has(known), known).toBe(true);
  expect([...missing]).toEqual([]);
  for (const script of ["start", "platform", "platform:admin"]) expect(pkg.scripts[script], script).not.toMatch(/\btsx\b|vite/);
});

test.describe("on a production install", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  let dir = "";
  let platform: Proc | undefined;

  test.afterAll(async () => {
    await platform?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("npm install --omit=dev, then node serves the build: no dev tool is needed and nothing builds", async () => {
    dir = mkdtempSync(join(tmpdir(), "bw-production-"));
    for (const entry of ["package.json", "package-lock.json", "build", "scripts", "public"])
      cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(install.status, install.stderr).toBe(0);
    for (const devOnly of ["tsx", "vite", "@remix-run/dev", "esbuild", "vitest", "@playwright/test"]) {
      expect(
        () => execFileSync(process.execPath, ["-e", `require.resolve(${JSON.stringify(devOnly)})`], { cwd: dir, stdio: "pipe" }),
        devOnly,
      ).toThrow();
    }
    platform = await startPlatform();
    // The platform's address comes from .env, as .env.example promises (the environment would win).
    writeFileSync(join(dir, ".env"), `# written by the test\nPLATFORM_URL=${platform.url}\nMERCHANT_CODE=demo\n`);
    const web = await startWeb({ ALLOW_DEMO: "" }, { cwd: dir, command: "npm-start" });
    const home = await fetch(`${web.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("</html>");
    // Not the demo: the platform is the one .env named.
    expect(html).not.toContain("demo-ribbon");
    expect(web.lines.join("\n")).not.toContain("DEMO SITE");
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(await (await fetch(`${web.url}/`)).text())?.[0];
    expect((await fetch(`${web.url}${asset}`)).headers.get("cache-control")).toContain("immutable");
    expect(web.lines.join("\n")).not.toMatch(/building/i);
    expect((await web.stop()).code).toBe(0);
  });
});

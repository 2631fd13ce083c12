import { expect, test } from "@playwright/test";
import { startPlatform, startRefused, startWeb, type Proc } from "./harness";

// Issue 11, item 6: a configuration mistake must not quietly open the demo casino, or send the
// platform's tokens over plain HTTP. The demo, when wanted, says so on every page and at start-up.

test.describe.configure({ mode: "serial" });

let platform: Proc | undefined;
test.afterAll(async () => {
  await platform?.stop();
});

test("production without PLATFORM_URL refuses to start unless ALLOW_DEMO says the demo is wanted", () => {
  const refused = startRefused({ ALLOW_DEMO: "" });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("Refusing to start: PLATFORM_URL is not set");
  expect(refused.output).not.toMatch(/listening on/);
  // The message is the whole story: no stack trace.
  expect(refused.output).not.toMatch(/\n\s+at /);
});

test("a plain-http platform URL is refused unless it is this machine, or the operator says the network is private", async () => {
  for (const url of ["http://platform.example.com:4000", "http://10.0.0.7:4000", "ftp://platform.example.com"]) {
    const refused = startRefused({ PLATFORM_URL: url });
    expect(refused.code, url).toBe(1);
    expect(refused.output, url).toContain("PLATFORM_URL must be https://");
  }
  // Loopback is this machine: the harness's own platforms run there.
  platform = await startPlatform();
  expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  const local = await startWeb({ PLATFORM_URL: platform.url, ALLOW_DEMO: "" });
  expect((await fetch(`${local.url}/`)).status).toBe(200);
  await local.stop();
  // A private network on purpose (docker compose): accepted, and the server starts.
  const privateNet = await startWeb({ PLATFORM_URL: "http://platform.invalid:4000", PLATFORM_ALLOW_HTTP: "true", ALLOW_DEMO: "" });
  expect(privateNet.lines.join("\n")).not.toContain("PLATFORM_URL must be");
  await privateNet.stop();
});

test("the demo announces itself: a banner at start-up and a ribbon on every page, and a real platform has neither", async () => {
  const demo = await startWeb({});
  expect(demo.lines.join("\n")).toContain("DEMO SITE");
  for (const path of ["/", "/login", "/no-such-page"]) {
    const html = await (await fetch(`${demo.url}${path}`)).text();
    expect(html, path).toContain('data-testid="demo-ribbon"');
    expect(html, path).toContain("Demo site: test accounts and play money only.");
  }
  await demo.stop();
  platform ??= await startPlatform();
  const real = await startWeb({ PLATFORM_URL: platform.url, ALLOW_DEMO: "" });
  expect(real.lines.join("\n")).not.toContain("DEMO SITE");
  expect(await (await fetch(`${real.url}/`)).text()).not.toContain("demo-ribbon");
  await real.stop();
});

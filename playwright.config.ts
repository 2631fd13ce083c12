import { defineConfig } from "@playwright/test";

// End to end on the production build with Debian's Chromium, as a real phone (a plain 360 px
// desktop viewport renders as if every page had a viewport tag and hides phone layout bugs),
// twice: with JavaScript and without. One worker: some tests switch the whole site (maintenance).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const OPERATOR_PORT = Number(process.env.E2E_OPERATOR_PORT ?? 3199);
export const E2E_DATA_DIR = ".cache/e2e-data";

export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: ".cache/playwright-report.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A low-end Android phone, 360 px wide: the narrow end of the phones we serve.
    ...PHONE,
    locale: "en-GB",
    // As a load balancer in front would add it (TRUST_PROXY=1 below): the player's address.
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.23" },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    },
    trace: "off",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
    // The production server itself, driven as a balancer, a script and an operator would: its own
    // instances (tests/server/harness.ts) against a slow, dead or real platform and PostgreSQL.
    { name: "server", testDir: "tests/server", use: { javaScriptEnabled: false }, timeout: 120_000 },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/favicon.ico`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      ALLOW_DEMO: "1",
      DATA_DIR: E2E_DATA_DIR,
      OPERATOR_PORT: String(OPERATOR_PORT),
      PUBLIC_CACHE_SECONDS: "0",
      TRUST_PROXY: "1",
      // The whole suite logs in from one address far more often than a player would; the limits
      // themselves are tested on instances of their own (tests/server/rate-limits.spec.ts).
      RATE_LIMIT_PER_IP: "100000",
      RATE_LIMIT_PER_ACCOUNT: "100000",
      SESSION_SECRET: "e2e-secret-0123456789abcdef",
      COOKIE_SECURE: "false",
      GATEWAY_LOG: "errors",
      // A page using a dictionary its routes do not declare fails, instead of hydrating late.
      UNDECLARED_TRANSLATIONS: "fail",
    },
  },
});

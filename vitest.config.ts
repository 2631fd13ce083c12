import { defineConfig } from "vitest/config";

// Own config without the Remix plugin (docs/TOOLCHAIN.md).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "platform/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/env.ts"],
  },
});

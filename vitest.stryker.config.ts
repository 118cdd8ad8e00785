/**
 * The Vitest configuration Stryker runs (`npm run test:mutation`): the unit project and the
 * integration project (SQLite + embedded PostgreSQL, started once per Stryker worker), so a module
 * covered only by integration tests is still judged. The two integration files that start the
 * production server in a child process are left out: a mutant is not active in another process.
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

const projects = base.test?.projects ?? [];

export default defineConfig({
  test: {
    projects: projects.map((project) => {
      if (typeof project !== "object" || !("test" in project) || project.test?.name !== "integration") {
        return project;
      }
      return {
        ...project,
        test: {
          ...project.test,
          exclude: [
            "tests/integration/http/scale-out.test.ts",
            "tests/integration/http/server-flags.test.ts",
          ],
          fileParallelism: false,
        },
      };
    }),
  },
});

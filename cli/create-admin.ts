/**
 * npm run create-admin -- --email E --password P [--role R]
 * Creates the admin account, or resets its password and role if it exists. Works whether or
 * not the server runs (it talks to the database of DATABASE_URL directly).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ADMIN_ROLE, upsertAccount } from "../app/server/accounts.server.ts";
import { DEFAULT_DATABASE_URL, openDatabase } from "../app/server/db/db.server.ts";

const usage =
  "Usage: npm run create-admin -- --email you@example.com --password 'a long password' [--role all]";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string" } },
  strict: true,
});

const email = z.email().safeParse(values.email?.trim());
if (!email.success) {
  console.error(`A valid --email is required.\n${usage}`);
  process.exit(2);
}
if (!values.password || values.password.length < 8) {
  console.error(`--password must be at least 8 characters.\n${usage}`);
  process.exit(2);
}

const handle = await openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
try {
  const account = await upsertAccount(
    handle.db,
    email.data,
    values.password,
    values.role?.trim() || ADMIN_ROLE,
  );
  console.log(`Admin account ready: ${account.email} (role: ${account.role})`);
} finally {
  await handle.destroy();
}

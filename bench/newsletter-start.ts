/**
 * Child process of the newsletter bench row: starts the one waiting send of DATABASE (its 100,000
 * deliveries in one transaction) and prints the seconds it took as JSON. Run in its own process
 * so the bench reads this work's peak memory alone. The mail is a fixed 20 KB text: rendering the
 * real template happens once per send and is not what scales with the list.
 */
import { openDatabase } from "#app/server/db/db.server.ts";
import { startDueSends } from "#app/server/newsletter/sends.server.ts";

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: newsletter-start.ts DATABASE_URL");
const { db, destroy } = await openDatabase(databaseUrl);
const paragraph = `<p>${"A market by the river at dawn, steam over the noodle stalls. ".repeat(20)}</p>`;
const content = { subject: "Bench send", text: paragraph.repeat(16), html: paragraph.repeat(16) };
const started = performance.now();
const count = await startDueSends(db, async () => content);
const seconds = (performance.now() - started) / 1000;
const send = await db.selectFrom("newsletter_sends").select("recipients").executeTakeFirstOrThrow();
await destroy();
console.log(JSON.stringify({ started: count, recipients: send.recipients, seconds }));

/**
 * The import row of `npm run bench`: a generated WordPress export (20,000 posts with comments,
 * about 100 MB; 2,000 in --quick) imported by `npm run import` into an empty site with images kept
 * (no downloads), then exported by `npm run export`. Each command's peak memory is read from
 * /proc while it runs; posts per second are the whole command's (start, read, stage, write).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, openAsBlob, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { signIn, startServer } from "#tests/support/server-process.ts";
import { rssMb } from "./load.ts";

export interface ImportBenchRow {
  engine: string;
  /** `import` and `export`: the commands; `admin import`: the same file through /admin/import on the running server. */
  step: "import" | "export" | "admin import";
  posts: number;
  fileMb: number;
  seconds: number;
  postsPerSecond: number;
  peakMb: number;
}

const WORDS =
  "market noodle river lantern morning ferry harbour spice broth alley temple mountain bread cheese train night island olive".split(
    " ",
  );

function paragraph(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length] ?? "word");
  return `${out.join(" ")}.`;
}

/** Writes a WXR 1.2 file of `posts` posts (each about 5 KB with three comments: 100 MB for 20,000) to `file`. */
export async function writeGeneratedWxr(file: string, posts: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench Travels</title><link>https://bench.example</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>https://bench.example</wp:base_blog_url>
<wp:author><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@bench.example]]></wp:author_email><wp:author_display_name><![CDATA[Ana]]></wp:author_display_name></wp:author>
`);
  for (let i = 1; i <= posts; i++) {
    const body = Array.from({ length: 8 }, (_, p) => paragraph(i + p, 60)).join("\n\n");
    const date = new Date(Date.UTC(2015, 0, 1) + i * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
    const comments = [1, 2, 3]
      .map(
        (c) =>
          `<wp:comment><wp:comment_id>${i * 10 + c}</wp:comment_id><wp:comment_author><![CDATA[Reader ${c}]]></wp:comment_author><wp:comment_author_email><![CDATA[r${c}@example.org]]></wp:comment_author_email><wp:comment_date_gmt><![CDATA[${date}]]></wp:comment_date_gmt><wp:comment_content><![CDATA[${paragraph(i * c, 30)}]]></wp:comment_content><wp:comment_approved><![CDATA[1]]></wp:comment_approved><wp:comment_type><![CDATA[comment]]></wp:comment_type><wp:comment_parent>0</wp:comment_parent></wp:comment>`,
      )
      .join("");
    await write(`<item><title><![CDATA[Travel note ${i}]]></title><link>https://bench.example/${date.slice(0, 4)}/note-${i}/</link><dc:creator><![CDATA[ana]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${i}</wp:post_id><wp:post_date_gmt><![CDATA[${date}]]></wp:post_date_gmt><wp:post_name><![CDATA[note-${i}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="travel"><![CDATA[Travel]]></category>${comments}</item>
`);
  }
  await write("</channel></rss>\n");
  out.end();
  await once(out, "finish");
  return (await stat(file)).size;
}

/**
 * The node arguments of an npm script ("node --max-old-space-size=160 cli/import.ts" → its flags
 * and file), so the bench runs the command exactly as `npm run` does, heap limits included.
 */
function scriptArgs(name: "import" | "export"): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const [node, ...args] = (scripts[name] ?? "").split(/\s+/);
  if (node !== "node" || args.length === 0) throw new Error(`npm script "${name}" is not a node command`);
  return args;
}

/** Runs a project command with DATABASE_URL set; answers its time and peak memory. */
async function timedCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  let peak = 0;
  const timer = setInterval(() => {
    try {
      if (child.pid) peak = Math.max(peak, rssMb(child.pid));
    } catch {
      // Ended.
    }
  }, 100);
  const [code] = (await once(child, "exit")) as [number | null];
  clearInterval(timer);
  if (code !== 0) throw new Error(`${args.join(" ")} failed (${code}): ${stderr.slice(0, 500)}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: Math.round(peak) };
}

export async function importBench(
  engine: string,
  databaseUrl: string,
  work: string,
  posts: number,
): Promise<ImportBenchRow[]> {
  const file = join(work, `bench-${posts}.xml`);
  const bytes = await writeGeneratedWxr(file, posts);
  const fileMb = Math.round(bytes / 1e5) / 10;
  const env = {
    DATABASE_URL: databaseUrl,
    SAMPLE_CONTENT: "false",
    UPLOADS_DIR: join(work, `uploads-${engine}`),
    LOG_LEVEL: "warn",
  };
  const imported = await timedCommand([...scriptArgs("import"), file, "--images=keep"], env);
  const out = join(work, `export-${engine}.tar.gz`);
  const exported = await timedCommand([...scriptArgs("export"), "--out", out], env);
  const exportMb = Math.round((await stat(out)).size / 1e5) / 10;
  const row = (step: "import" | "export", r: { seconds: number; peakMb: number }, mb: number) => ({
    engine,
    step,
    posts,
    fileMb: mb,
    seconds: Math.round(r.seconds * 10) / 10,
    postsPerSecond: Math.round(posts / r.seconds),
    peakMb: r.peakMb,
  });
  return [row("import", imported, fileMb), row("export", exported, exportMb)];
}

/**
 * The same file through the admin screen of the built server (upload, check, Import, poll until
 * done), on an empty site of its own: the server's peak memory meanwhile, and how long a public
 * page takes to answer while the import runs (it must not wait for it).
 */
export async function adminImportBench(
  engine: string,
  databaseUrl: string,
  work: string,
  posts: number,
): Promise<ImportBenchRow & { slowestPageMs: number }> {
  const file = join(work, `bench-${posts}.xml`);
  const fileMb =
    Math.round(
      (await stat(file).catch(async () => ({ size: await writeGeneratedWxr(file, posts) }))).size / 1e5,
    ) / 10;
  const account = { email: "bench@example.com", password: "bench import password" };
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: join(work, `admin-uploads-${engine}`),
    SAMPLE_CONTENT: "false",
    ADMIN_EMAIL: account.email,
    ADMIN_PASSWORD: account.password,
    LOG_LEVEL: "warn",
  });
  const pid = server.process.pid ?? 0;
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // Ended.
    }
  }, 100);
  try {
    const cookie = await signIn(server.url, account);
    const headers = { cookie, origin: server.url };
    const form = new FormData();
    form.set("images", "keep");
    form.set("file", await openAsBlob(file), "bench.xml");
    const started = performance.now();
    const upload = await fetch(`${server.url}/admin/import`, {
      method: "POST",
      body: form,
      headers,
      redirect: "manual",
    });
    const run = new URL(upload.headers.get("location") ?? "", server.url).searchParams.get("run");
    if (upload.status !== 302 || !run) throw new Error(`upload refused (${upload.status})`);
    const progress = async () =>
      (await (await fetch(`${server.url}/admin/import/progress?run=${run}`, { headers })).json()) as {
        status: string;
        error: string | null;
      };
    let slowestPageMs = 0;
    let imported = false;
    for (;;) {
      const state = await progress();
      if (state.status === "failed") throw new Error(`admin import failed: ${state.error}`);
      if (state.status === "checked" && !imported) {
        imported = true;
        const answer = await fetch(`${server.url}/admin/import`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: `intent=import&id=${run}`,
          redirect: "manual",
        });
        if (answer.status !== 302) throw new Error(`Import refused (${answer.status})`);
      }
      if (state.status === "done") break;
      const pageStarted = performance.now();
      await (await fetch(`${server.url}/blogs`)).arrayBuffer();
      slowestPageMs = Math.max(slowestPageMs, performance.now() - pageStarted);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      engine,
      step: "admin import",
      posts,
      fileMb,
      seconds: Math.round(seconds * 10) / 10,
      postsPerSecond: Math.round(posts / seconds),
      peakMb: Math.round(peak),
      slowestPageMs: Math.round(slowestPageMs),
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

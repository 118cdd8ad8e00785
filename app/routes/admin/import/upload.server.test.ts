import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { displayName, receiveUpload } from "./upload.server.ts";

let dir = "";
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), "wanderplate-upload-")), "imports");
});
afterEach(async () => {
  await rm(join(dir, ".."), { recursive: true, force: true });
});

const limits = () => ({ dir, maxBytes: 1000, tooLarge: "Too large.", fileField: "file" });

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/admin/import", { method: "POST", body, headers });

function formWith(bytes: number, name = "export.xml") {
  const form = new FormData();
  form.set("images", "keep");
  form.set("file", new File(["x".repeat(bytes)], name, { type: "text/xml" }));
  return form;
}

/** A body that arrives in pieces (as from the network), with no Content-Length to go by. */
async function streamed(form: FormData): Promise<Request> {
  const encoded = new Request("http://127.0.0.1/", { method: "POST", body: form });
  const type = encoded.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 256) controller.enqueue(bytes.slice(i, i + 256));
      controller.close();
    },
  });
  return new Request("http://127.0.0.1/admin/import", {
    method: "POST",
    body,
    headers: { "content-type": type },
    duplex: "half",
  } as RequestInit);
}

describe("receiveUpload", () => {
  it("writes the file under a generated name and returns the text fields", async () => {
    const result = await receiveUpload(await streamed(formWith(1000, "../../etc/passwd")), limits());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fileName).toBe("passwd");
    expect(result.fields).toEqual({ images: "keep" });
    expect(result.path.startsWith(`${dir}/`)).toBe(true);
    expect(await readdir(dir)).toEqual([result.path.slice(dir.length + 1)]);
    expect(result.path).toMatch(/\/[0-9a-f]{32}\.upload$/);
    expect(await readFile(result.path, "utf8")).toBe("x".repeat(1000));
  });

  it("stops at the limit while streaming: 413, and the partial file is removed", async () => {
    const result = await receiveUpload(await streamed(formWith(5000)), limits());
    expect(result).toEqual({ ok: false, status: 413, message: "Too large." });
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a declared size past the limit before reading", async () => {
    const result = await receiveUpload(
      post("--b\r\n", { "content-type": "multipart/form-data; boundary=b", "content-length": "99999999" }),
      limits(),
    );
    expect(result).toEqual({ ok: false, status: 413, message: "Too large." });
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });

  it("asks for a file when the form has none", async () => {
    const form = new FormData();
    form.set("images", "download");
    expect(await receiveUpload(await streamed(form), limits())).toEqual({
      ok: false,
      status: 400,
      message: "Choose a file to import.",
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses what is not a multipart form", async () => {
    const result = await receiveUpload(
      post("a=1", { "content-type": "application/x-www-form-urlencoded" }),
      limits(),
    );
    expect(result).toMatchObject({ ok: false, status: 415 });
  });

  it("answers a body cut short with 400 and leaves nothing", async () => {
    const full = await (await streamed(formWith(500))).text();
    const cut = full.slice(0, full.length - 300);
    const result = await receiveUpload(
      post(cut, { "content-type": `multipart/form-data; boundary=${full.slice(2, full.indexOf("\r\n"))}` }),
      limits(),
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("displayName", () => {
  it("keeps the last path part, without control characters, at most 200 characters", () => {
    expect(displayName("C:\\Users\\ana\\blog.xml")).toBe("blog.xml");
    expect(displayName("bad\u0000\u001bname.json")).toBe("badname.json");
    expect(displayName("")).toBe("upload");
    expect(displayName(`${"a".repeat(300)}.xml`)).toHaveLength(200);
  });
});

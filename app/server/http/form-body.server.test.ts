import { describe, expect, it } from "vitest";
import { FormBodyError, readFormBody } from "./form-body.server.ts";

const limits = { maxBytes: 1024, tooLarge: "Too large." };

/** A body that arrives in pieces with no Content-Length, as a chunked upload does. */
function streamed(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://127.0.0.1/contact", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });

async function refusal(request: Request) {
  const error = await readFormBody(request, limits).catch((e: unknown) => e);
  if (!(error instanceof FormBodyError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

describe("readFormBody", () => {
  it("refuses a body declared too large without reading it", async () => {
    const unreadable = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("the body was read");
      },
    });
    const request = new Request("http://127.0.0.1/contact", {
      method: "POST",
      body: unreadable,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "1025" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(request)).toEqual({ status: 413, message: "Too large." });
  });

  it("reads url-encoded and multipart forms", async () => {
    const form = await readFormBody(
      post("name=Ana&comment=Hi%21", "application/x-www-form-urlencoded"),
      limits,
    );
    expect([form.get("name"), form.get("comment")]).toEqual(["Ana", "Hi!"]);
    const multipart = new FormData();
    multipart.set("name", "Ana");
    const encoded = new Request("http://127.0.0.1/", { method: "POST", body: multipart });
    const read = await readFormBody(encoded, limits);
    expect(read.get("name")).toBe("Ana");
  });

  it("reads a form type with parameters, in any case, and an empty body as an empty form", async () => {
    const form = await readFormBody(
      post("city=Porto", "Application/X-WWW-Form-URLEncoded; charset=UTF-8"),
      limits,
    );
    expect(form.get("city")).toBe("Porto");
    expect([...(await readFormBody(post(null, "application/x-www-form-urlencoded"), limits)).keys()]).toEqual(
      [],
    );
  });

  it("refuses other encodings and a missing body type with 415", async () => {
    expect(await refusal(post('{"name":"Ana"}', "application/json"))).toEqual({
      status: 415,
      message: "Only form submissions are accepted here.",
    });
    expect(await refusal(post("a=1", "text/application/x-www-form-urlencoded"))).toMatchObject({
      status: 415,
    });
    expect(await refusal(post("a=1", "application/x-www-form-urlencoded-but-not"))).toMatchObject({
      status: 415,
    });
    expect(await refusal(post("a=1", "multipart/form-data-ish; boundary=x"))).toMatchObject({ status: 415 });
    expect(await refusal(post(null))).toMatchObject({ status: 415 });
    expect(await refusal(post("a=1", "text/plain"))).toMatchObject({ status: 415 });
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    expect(await refusal(post("garbage", "multipart/form-data; boundary=x"))).toEqual({
      status: 400,
      message: "The form could not be read. Please send it again.",
    });
  });

  it("refuses too large a body with 413, declared or only counted as it arrives", async () => {
    const big = `a=${"x".repeat(2000)}`;
    expect(await refusal(post(big, "application/x-www-form-urlencoded"))).toEqual({
      status: 413,
      message: "Too large.",
    });
    const chunked = post(streamed([big.slice(0, 900), big.slice(900)]), "application/x-www-form-urlencoded");
    expect(chunked.headers.get("content-length")).toBeNull();
    expect(await refusal(chunked)).toEqual({ status: 413, message: "Too large." });
    const exactly = `a=${"Lisbon".repeat(170)}xx`;
    expect(exactly).toHaveLength(1024);
    expect(
      (await readFormBody(post(exactly, "application/x-www-form-urlencoded"), limits)).get("a"),
    ).toHaveLength(1022);
    const declared = new Request("http://127.0.0.1/contact", {
      method: "POST",
      body: exactly,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "1024" },
    });
    expect((await readFormBody(declared, limits)).get("a")).toHaveLength(1022);
    const tooMany = `${exactly}y`;
    expect(await refusal(post(streamed([tooMany]), "application/x-www-form-urlencoded"))).toEqual({
      status: 413,
      message: "Too large.",
    });
    const small = post(streamed(["a=1", "&b=2"]), "application/x-www-form-urlencoded");
    expect((await readFormBody(small, limits)).get("b")).toBe("2");
  });
});

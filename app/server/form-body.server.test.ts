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

  it("refuses other encodings and a missing body type with 415", async () => {
    expect(await refusal(post('{"name":"Ana"}', "application/json"))).toMatchObject({ status: 415 });
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
    const small = post(streamed(["a=1", "&b=2"]), "application/x-www-form-urlencoded");
    expect((await readFormBody(small, limits)).get("b")).toBe("2");
  });
});

/**
 * Reads a posted form without trusting the client. `request.formData()` alone answers a JSON
 * body, a missing body or a broken multipart boundary with a TypeError (a 500), and reads a body
 * of any size into memory. Here only the two form encodings are accepted, the body is counted as
 * it arrives (a missing or false Content-Length cannot get round the cap), and a body that does
 * not parse is the client's mistake.
 */
export class FormBodyError extends Error {
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

const FORM_ENCODINGS = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export async function readFormBody(
  request: Request,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: string },
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_ENCODINGS.test(type)) throw new FormBodyError(415, "Only form submissions are accepted here.");
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw new FormBodyError(413, tooLarge);

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FormBodyError(413, tooLarge);
    }
    chunks.push(value);
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw new FormBodyError(400, "The form could not be read. Please send it again.");
  }
}

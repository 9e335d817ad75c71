const EMPTY = new Uint8Array(0);

/** The stream is cancelled at the limit, so nothing past it is kept. */
export async function readWebBody(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = request.headers.get("content-length");
  const body = request.body;
  if (declared !== null && Number(declared) > limit) {
    if (body) void body.cancel().catch(ignore);
    return null;
  }
  if (body === null) return EMPTY;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(ignore);
      return null;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function ignore(): void {}

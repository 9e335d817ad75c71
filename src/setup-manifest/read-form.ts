/** Forms of the setup pages are a few kilobytes: an app id, a secret and a key. */
export const MAX_FORM_BYTES = 64 * 1024;

export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams | 413 | 415> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return 415;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return 413;
  if (!request.body) return new URLSearchParams();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return 413;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

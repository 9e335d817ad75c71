const decoder = new TextDecoder();
const FORM_HINT = "Set the webhook's content type to application/json in the app's settings.";

/**
 * The verified body as a JSON object, or the one-line reason it is not one.
 * Node's `Buffer` decodes faster through `toString` than through a
 * `TextDecoder`, and this runs for every delivery.
 *
 * @example
 * const payload = parsePayload(body, request.headers.get("content-type"));
 * if (typeof payload === "string") return badRequest(payload);
 */
export function parsePayload(body: Uint8Array, contentType: string | null | undefined): object | string {
  const text = Buffer.isBuffer(body) ? body.toString("utf8") : decoder.decode(body);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const form = text.startsWith("payload=") || contentType?.includes("x-www-form-urlencoded");
    return `The webhook body is not valid JSON.${form ? ` ${FORM_HINT}` : ""}`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "The webhook body must be a JSON object.";
  }
  return value;
}

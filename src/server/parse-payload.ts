const decoder = new TextDecoder();
const FORM_HINT = "Set the webhook's content type to application/json in the app's settings.";
const FORM_TYPE = /^\s*application\/x-www-form-urlencoded\s*(?:;|$)/i;

/**
 * Any declared charset: the platform sends UTF-8. A form body carries the JSON
 * in `payload`. `Buffer#toString` decodes faster than a `TextDecoder`.
 */
export function parsePayload(body: Uint8Array, contentType: string | null | undefined): object | string {
  const text = Buffer.isBuffer(body) ? body.toString("utf8") : decoder.decode(body);
  // A JSON delivery starts with "{" and never pays for the content-type check.
  if (body[0] !== 0x7b && contentType && FORM_TYPE.test(contentType)) return parseForm(text);
  return parseJsonObject(text, contentType);
}

function parseForm(text: string): object | string {
  const fields = new URLSearchParams(text);
  let count = 0;
  for (const name of fields.keys()) if (++count > 1 || name !== "payload") break;
  const json = fields.get("payload");
  if (count !== 1 || json === null) {
    return "A form-encoded webhook body must have exactly one field, payload, holding the JSON.";
  }
  return parseJsonObject(json, undefined);
}

function parseJsonObject(text: string, contentType: string | null | undefined): object | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const form = text.startsWith("payload=") || (contentType ?? "").toLowerCase().includes("x-www-form-urlencoded");
    return `The webhook body is not valid JSON.${form ? ` ${FORM_HINT}` : ""}`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "The webhook body must be a JSON object.";
  }
  return value;
}

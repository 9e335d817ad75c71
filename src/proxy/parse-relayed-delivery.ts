export type RelayedDelivery = {
  /** The body to post: the original bytes when the relay sent them. */
  body: Uint8Array<ArrayBuffer>;
  /** True when `body` is the relay's `rawBody`, not a re-serialised `body`. */
  exact: boolean;
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Headers left out because their name or value cannot be sent in HTTP (e.g. a line break). */
  invalidHeaders: string[];
};

/** RFC 9110 token (field name) and field value: what fetch would refuse to send. */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
// eslint-disable-next-line no-control-regex
const FIELD_VALUE = /^[^\u0000-\u0008\u000a-\u001f\u007f\u0100-\uffff]*$/;

const NOT_HEADERS = new Set(["body", "rawbody", "query", "timestamp"]);
/** The local request has its own (and fetch refuses some). */
const HOP_BY_HOP = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "expect",
  "host",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** `rawBody`, when the relay sends it, keeps the signature valid; else compact JSON as GitHub sends it. */
export function parseRelayedDelivery(data: string): RelayedDelivery | undefined {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const fields = message as Record<string, unknown>;
  const raw = fields["rawBody"];
  const exact = typeof raw === "string";
  const text = exact ? raw : fields["body"] === undefined ? "" : JSON.stringify(fields["body"]);
  const headers: Record<string, string> = {};
  const invalidHeaders: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const name = key.toLowerCase();
    if (NOT_HEADERS.has(name) || HOP_BY_HOP.has(name)) continue;
    let text: string | undefined;
    if (typeof value === "string") text = value;
    else if (typeof value === "number") text = String(value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) text = value.join(", ");
    if (text === undefined) continue;
    if (FIELD_NAME.test(name) && FIELD_VALUE.test(text)) headers[name] = text;
    else invalidHeaders.push(name);
  }
  headers["content-type"] ??= "application/json";
  return { body: new TextEncoder().encode(text), exact, headers, query: stringRecord(fields["query"]), invalidHeaders };
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  const record: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === "string") record[key] = item;
  return record;
}

import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeResponse } from "./types.js";

/** The request body: parsed JSON, else the raw text; `undefined` when empty. */
export async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Writes a FakeResponse with the headers every GitHub answer carries (plus `extra`, e.g. the rate limit). */
export function writeResponse(
  response: ServerResponse,
  answer: FakeResponse,
  nowMs: number,
  extra: Record<string, string> = {},
): void {
  const headers: Record<string, string> = {
    ...extra,
    date: new Date(nowMs).toUTCString(),
    "x-github-request-id": requestId(),
    "x-github-media-type": "github.v3; format=json",
  };
  let payload: string | undefined;
  if (answer.body !== undefined && answer.status !== 204 && answer.status !== 304) {
    const isText = typeof answer.body === "string";
    headers["content-type"] = isText ? "text/plain; charset=utf-8" : "application/json; charset=utf-8";
    payload = isText ? (answer.body as string) : JSON.stringify(answer.body);
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  response.writeHead(answer.status, headers);
  response.end(payload);
}

// Shaped like GitHub's "C0DE:1A2B:3C4D5E:6F7A8B:65A1B2C3".
function requestId(): string {
  const hex = randomBytes(14).toString("hex").toUpperCase();
  return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 14), hex.slice(14, 20), hex.slice(20, 28)].join(":");
}

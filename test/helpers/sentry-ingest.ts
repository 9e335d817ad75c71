import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** One event item of an envelope Sentry's SDK posted. */
export type SentryEvent = Record<string, unknown> & {
  level?: string;
  message?: string;
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
  exception?: { values?: Array<{ type?: string; value?: string; stacktrace?: { frames?: unknown[] } }> };
};

export type SentryIngest = {
  /** `http://publickey@127.0.0.1:<port>/1`: pass as SENTRY_DSN. */
  dsn: string;
  /** Every request body, decompressed, as received. */
  bodies(): string[];
  /** The event items of every envelope so far. */
  events(): SentryEvent[];
  /** Resolves once `count` events arrived; rejects after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<SentryEvent[]>;
  close(): Promise<void>;
};

/**
 * A Sentry ingest endpoint on 127.0.0.1 that records the envelopes it gets.
 *
 * @example
 * const ingest = await startSentryIngest();
 * const log = getLog({ sentryDsn: ingest.dsn });
 * log.error("boom");
 * const [event] = await ingest.waitForEvents(1);
 */
export async function startSentryIngest(): Promise<SentryIngest> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    readAll(request).then(
      (body) => {
        bodies.push(body);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const events = () => bodies.flatMap(parseEvents);
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    bodies: () => [...bodies],
    events,
    async waitForEvents(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} Sentry events, got ${events().length} within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return events();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
}

/** An envelope: a header line, then item header and item payload lines. */
function parseEvents(body: string): SentryEvent[] {
  const lines = body.split("\n").filter((line) => line !== "");
  const events: SentryEvent[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index]!) as { type?: string };
    if (header.type === "event") events.push(JSON.parse(lines[index + 1]!) as SentryEvent);
  }
  return events;
}

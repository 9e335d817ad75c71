import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type RawResponse = {
  /** The status of the first response, or 0 when none came. */
  status: number;
  /** Everything the server sent before it closed the connection. */
  text: string;
  /** Parts of `parts` written before the server closed the connection. */
  sent: number;
};

export type RawRequestOptions = {
  /** Pause before each part after the first. */
  gapMs?: number;
  /** Destroy the socket after writing every part, without waiting for an answer. */
  abort?: boolean;
  /** Give up waiting for the server after this long (the test then fails on status 0). */
  waitMs?: number;
};

/**
 * Writes `parts` to a fresh TCP connection to `url`'s host, exactly as given
 * (split wherever the test wants, with pauses), and collects what the server
 * sends until it closes the connection. For what `fetch` cannot send: broken
 * framing, slow senders, aborted bodies, bytes split mid-character.
 *
 * @example
 * const { status } = await rawRequest(url, ["POST /x HTTP/1.1\r\nHost: a\r\n", "\r\n"], { gapMs: 50 });
 */
export async function rawRequest(
  url: string,
  parts: ReadonlyArray<string | Buffer>,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { port, hostname } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const received: Buffer[] = [];
  let closed = false;
  const done = new Promise<void>((resolve) => {
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", () => undefined); // a reset after the answer is fine
    socket.once("close", () => {
      closed = true;
      resolve();
    });
  });
  let sent = 0;
  for (const part of parts) {
    if (closed) break;
    if (sent > 0 && options.gapMs) await sleep(options.gapMs);
    if (closed) break;
    await write(socket, part);
    sent++;
  }
  if (options.abort) {
    socket.destroy();
    return { status: 0, text: "", sent };
  }
  const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 10_000);
  await done;
  clearTimeout(timer);
  const text = Buffer.concat(received).toString("latin1");
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
  return { status: status ? Number(status[1]) : 0, text, sent };
}

function write(socket: Socket, part: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.write(part, () => resolve());
  });
}

/** The head of a webhook POST, ending in the blank line; `headers` adds or replaces. */
export function requestHead(path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: "127.0.0.1", connection: "close", ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}

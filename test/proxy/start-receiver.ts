import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

/** A local webhook route that records each request's exact bytes and headers. */
export type Receiver = {
  port: number;
  received: ReceivedRequest[];
  /** Resolves once `count` requests arrived in total (fails after 10 s). */
  waitForRequests(count: number): Promise<ReceivedRequest[]>;
  /** The status to answer with, default 200. */
  answer(status: number): void;
  close(): Promise<void>;
};

/**
 * Starts the receiver on 127.0.0.1:0.
 *
 * @example
 * const receiver = await startReceiver();
 * const [request] = await receiver.waitForRequests(1);
 */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiters: Array<() => void> = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "failed");
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    waitForRequests(count) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`Expected ${count} requests, got ${received.length}`)),
          10000,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(deadline);
            resolve(received.slice(0, count));
          } else waiters.push(check);
        };
        check();
      });
    },
    answer(next) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

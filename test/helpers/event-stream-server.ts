import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A local stand-in for a smee.io channel: an event stream on 127.0.0.1. */
export type EventStreamServer = {
  /** The channel address, e.g. `http://127.0.0.1:PORT/channel-test1234`. */
  url: string;
  /** Stream requests received, failed ones included. */
  requests(): number;
  /** Streams opened (answered 200). */
  connections(): number;
  /** Streams open now. */
  openCount(): number;
  /** Resolves once `count` streams have been opened in total (fails after 10 s). */
  waitForConnections(count: number): Promise<void>;
  /** Sends one `message` event with `data` to every open stream. */
  send(data: string): void;
  /** Sends a relayed delivery the way smee.io does: headers as keys, plus `body`. */
  sendDelivery(delivery: Record<string, unknown>): void;
  /** Ends every open stream, as a dropped connection. */
  drop(): void;
  /** Answers the next `times` stream requests with `status` (default 500). */
  failNext(times: number, status?: number): void;
  /** While on, answers each stream request 200 with the `ready` event and closes it at once. */
  closeAtOnce(on: boolean): void;
  close(): Promise<void>;
};

const WAIT_LIMIT_MS = 10000;

/**
 * Starts an event-stream (SSE) server on 127.0.0.1:0 speaking like smee.io:
 * `text/event-stream`, a `ready` event on connect, deliveries as `message`
 * events whose data is JSON.
 *
 * @example
 * const channel = await startEventStreamServer();
 * after(() => channel.close());
 */
export async function startEventStreamServer(): Promise<EventStreamServer> {
  const open = new Set<ServerResponse>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let requests = 0;
  let connections = 0;
  let failures: { times: number; status: number } = { times: 0, status: 500 };
  let messageId = 0;
  let closingAtOnce = false;

  const server = createServer((request, response) => {
    requests++;
    if (failures.times > 0) {
      failures.times--;
      response.writeHead(failures.status, { "content-type": "text/plain" }).end("failed on purpose");
      return;
    }
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    response.write(`id: ${messageId++}\nevent: ready\ndata: {}\n\n`);
    connections++;
    for (const waiter of waiters.filter((w) => connections >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (closingAtOnce) {
      response.end();
      return;
    }
    open.add(response);
    request.on("close", () => open.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/channel-test1234`;

  const send = (data: string) => {
    const lines = data
      .split("\n")
      .map((line) => `data: ${line}`)
      .join("\n");
    for (const response of open) response.write(`id: ${messageId++}\n${lines}\n\n`);
  };

  return {
    url,
    requests: () => requests,
    connections: () => connections,
    openCount: () => open.size,
    waitForConnections(count) {
      if (connections >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Expected ${count} stream connections, got ${connections}`)),
          WAIT_LIMIT_MS,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    send,
    sendDelivery: (delivery) => send(JSON.stringify(delivery)),
    drop() {
      for (const response of open) response.destroy();
      open.clear();
    },
    failNext(times, status = 500) {
      failures = { times, status };
    },
    closeAtOnce(on) {
      closingAtOnce = on;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of open) response.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

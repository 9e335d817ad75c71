import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FlakyServer = {
  url: string;
  /** When each request arrived (performance.now()), broken ones included. */
  arrivals: number[];
  close(): Promise<void>;
};

/**
 * A platform stand-in on 127.0.0.1 whose first `failures` requests lose their
 * connection before any answer (the client sees a network error, like a
 * reset or a proxy dropping it); later ones get 200 `{"ok":true}`. The fake
 * platform answers every request, so network faults need this.
 *
 * @example
 * const flaky = await startFlakyServer(2);
 */
export async function startFlakyServer(failures: number): Promise<FlakyServer> {
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    arrivals.push(performance.now());
    request.resume();
    if (arrivals.length <= failures) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

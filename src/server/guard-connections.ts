import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";

/** Well under a process's usual 1,024 file descriptors, which Redis and the platform's sockets need too. */
export const DEFAULT_MAX_CONNECTIONS = 1000;

const DROP_WARNING_EVERY_MS = 60_000;

export type ConnectionGuardOptions = {
  /** A connection that sends no request within this long is closed: the header deadline. */
  idleMs: number;
  maxConnections: number;
  log: Logger;
};

/**
 * Node's header and request deadlines start with a request's first byte: a
 * connection that never sends one is held for ever, and enough of them use up
 * the process's file descriptors (real deliveries then get ECONNRESET). Each
 * connection gets `idleMs` to begin its first request (a keep-alive connection
 * is then bounded by Node's `keepAliveTimeout`), and at most `maxConnections`
 * are open at once: beyond it Node closes new ones at once.
 */
export function guardConnections(server: Server, { idleMs, maxConnections, log }: ConnectionGuardOptions): void {
  server.maxConnections = maxConnections;
  // Node's own 'timeout' handler closes the socket when nothing listens for the event.
  server.on("connection", (socket: Socket) => socket.setTimeout(idleMs));
  // Inactivity, not a deadline: while a request is handled, its connection may be quiet.
  server.on("request", (request: IncomingMessage) => request.socket.setTimeout(0));
  let dropped = 0;
  let warnedAt = -Infinity;
  server.on("drop", () => {
    dropped++;
    if (performance.now() - warnedAt < DROP_WARNING_EVERY_MS) return;
    warnedAt = performance.now();
    log.warn(
      `${server.maxConnections} connections are open, the limit: new ones are closed at once (${dropped} so far). ` +
        "Raise --max-connections (maxConnections) if this is real traffic.",
    );
  });
}

/** `maxConnections`, or the default; an `AppError` when it is not a positive whole number. */
export function resolveMaxConnections(value: number = DEFAULT_MAX_CONNECTIONS): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new AppError("OPTION_INVALID", `maxConnections must be a positive whole number, got ${String(value)}.`, {
      hint: "Leave it unset for 1000, or pass --max-connections N.",
    });
  }
  return value;
}

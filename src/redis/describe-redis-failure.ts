import type { RedisOptions } from "ioredis";

export type RedisFailure = { kind: "wrong-password" | "tls-to-plain-port" | "unreachable"; message: string };

const PROBE_MS = 1000;

/** TLS spoken to a plain port is told apart by sending it a plain PING. None shows the password. */
export async function describeRedisFailure(
  error: unknown,
  config: RedisOptions | string,
  where: string,
): Promise<RedisFailure> {
  const text = String((error as Error | undefined)?.message ?? "");
  if (/WRONGPASS|invalid password/i.test(text)) {
    return {
      kind: "wrong-password",
      message: `Redis at ${where} refused the password (wrong password): fix it in REDIS_URL.`,
    };
  }
  if (/NOAUTH/i.test(text)) {
    return {
      kind: "wrong-password",
      message: `Redis at ${where} needs a password and REDIS_URL gives none (wrong password): use redis://:PASSWORD@host:port.`,
    };
  }
  const target = tlsTarget(config);
  if (target && (await speaksPlainRedis(target.host, target.port))) {
    return {
      kind: "tls-to-plain-port",
      message: `Redis at ${where} speaks plain Redis, not TLS (TLS to a plain port): use redis:// instead of rediss://, or the server's TLS port.`,
    };
  }
  const reason = /ECONNREFUSED/.test(text)
    ? " (connection refused)"
    : /ETIMEDOUT|timed out/i.test(text)
      ? " (timed out)"
      : "";
  return { kind: "unreachable", message: `Redis at ${where} is unreachable${reason}.` };
}

function tlsTarget(config: RedisOptions | string): { host: string; port: number } | undefined {
  if (typeof config !== "string")
    return config.tls ? { host: config.host ?? "127.0.0.1", port: config.port ?? 6379 } : undefined;
  try {
    const url = new URL(config);
    if (url.protocol !== "rediss:") return undefined;
    return { host: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port || 6379) };
  } catch {
    return undefined;
  }
}

/** True when a plain PING on `host:port` gets a Redis answer (PONG or an error such as NOAUTH). */
async function speaksPlainRedis(host: string, port: number): Promise<boolean> {
  // Loaded here, on a failure: every app loads this file, few ever probe.
  const { connect } = await import("node:net");
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), PROBE_MS);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (chunk: Buffer) => done(/^[+-]/.test(chunk.toString("latin1"))));
    socket.once("error", () => done(false));
  });
}

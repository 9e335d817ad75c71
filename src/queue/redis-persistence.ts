import type { SharedConnection } from "../app-sharing.js";

/** The commands read: ioredis' client has both. */
type PersistenceReader = {
  config(subcommand: "GET", parameter: string): Promise<unknown>;
  info(section: string): Promise<string>;
};

export type Persistence = {
  /** True when every acknowledged write is on disk (AOF): a restart keeps the queued deliveries. */
  durable: boolean;
  /** What Redis does, and what a restart costs: `Redis at <where> ...`. */
  message: string;
  /** What Redis does alone: `Redis at <where> keeps nothing on disk (...)`. */
  what: string;
  /** What to do, when not durable. */
  fix: string | undefined;
};

export const PERSISTENCE_FIX =
  "Turn on AOF persistence: appendonly yes in redis.conf (or CONFIG SET appendonly yes, then CONFIG REWRITE), " +
  "or choose AOF persistence for a managed Redis. See docs/queue.md (Redis persistence).";

/**
 * The queue lives in Redis: only AOF (`appendonly yes`) keeps the deliveries
 * answered 202 across a restart; RDB snapshots lose what came since the last
 * one. CONFIG GET first; managed services often disable CONFIG, so INFO
 * persistence then.
 */
export async function readPersistence(redis: PersistenceReader, where: string): Promise<Persistence> {
  const at = `Redis at ${where}`;
  const LOSES = "a restart loses";
  const ANSWERED = "those already answered 202 included";
  const fixed = (what: string, loss: string): Persistence => ({
    durable: false,
    what,
    message: `${what}: ${LOSES} ${loss}, ${ANSWERED}.`,
    fix: PERSISTENCE_FIX,
  });
  const durable: Persistence = {
    durable: true,
    what: `${at} logs every write (AOF)`,
    message: `${at} logs every write (AOF): queued deliveries survive a restart.`,
    fix: undefined,
  };
  const [appendonly, save] = await Promise.all([configValue(redis, "appendonly"), configValue(redis, "save")]).catch(
    () => [],
  );
  if (appendonly === "yes") return durable;
  if (appendonly === "no") {
    return save
      ? fixed(`${at} keeps only snapshots (appendonly no, save "${save}")`, "the deliveries queued since the last one")
      : fixed(`${at} keeps nothing on disk (appendonly no, no save points)`, "every queued delivery");
  }
  const info = await redis.info("persistence").catch(() => "");
  const aof = /^aof_enabled:(\d)/m.exec(info)?.[1];
  if (aof === "1") return durable;
  if (aof === "0") {
    return fixed(
      `${at} does not log writes (aof_enabled:0 in INFO persistence)`,
      "the deliveries queued since its last snapshot, if it takes any",
    );
  }
  return fixed(
    `${at} refused both CONFIG GET and INFO persistence, so whether it persists is unknown`,
    "queued deliveries unless it has AOF",
  );
}

async function configValue(redis: PersistenceReader, parameter: string): Promise<string | undefined> {
  const reply = await redis.config("GET", parameter);
  // [name, value], or an object on RESP3.
  if (Array.isArray(reply)) return reply.length >= 2 ? String(reply[1]) : undefined;
  const value = (reply as Record<string, unknown> | null)?.[parameter];
  return value === undefined ? undefined : String(value);
}

/** Queue mode at start: one line says whether a restart of Redis would lose acknowledged deliveries, and what to do. */
export async function reportPersistence(
  connection: SharedConnection,
  log: { info(message: string): unknown; warn(message: string): unknown },
): Promise<void> {
  const client = (await connection.client()) as unknown as PersistenceReader;
  const persistence = await readPersistence(client, connection.description);
  if (persistence.durable) log.info(persistence.message);
  else log.warn(`${persistence.message} ${persistence.fix}`);
}

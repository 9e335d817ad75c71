import type { Bindings, ChildLoggerOptions } from "pino";
import type { Logger } from "./get-log.js";

/**
 * A message and then any values, as Probot 7 to 9's bunyan logger (`(...params: any[]) => void`) and
 * Probot 10 to 12's pino 6 (`(msg: string, ...args: any[])`) took them: `log.info(\`merged #${n}\`, { sha })`.
 * pino 10's own signatures check each value against a placeholder of the message.
 */
type MessageThenValues = (msg: string, ...args: unknown[]) => void;

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A log function combined with a Logger: `log("x")` is `log.info("x")`, and
 * `child()` returns another DeprecatedLogger. It is called as `info` is, with every one of its
 * signatures (`log({ id }, "msg")` too), not only with the last one that `Parameters<>` would keep,
 * and, as the log of Probot 7 to 12, with a message and then any values.
 */
export type DeprecatedLogger = {
  child(bindings: Bindings, options?: ChildLoggerOptions<never>): DeprecatedLogger;
} & { [L in Level]: Logger[L] & MessageThenValues } & Logger &
  Logger["info"] &
  MessageThenValues;

type Method = (...args: never[]) => unknown;

/**
 * Makes `log` callable: `alias("x")` logs at info. Every other member is the
 * logger's own, read at the moment of use, so a level change takes effect and
 * a disabled level stays pino's no-op. `child()` returns an aliased child.
 *
 * @example
 * const log = aliasLog(getLog());
 * log("Hello");          // info
 * log.debug("details");
 */
export function aliasLog(log: Logger): DeprecatedLogger {
  // pino's level methods use `this`; bind each once and reuse it.
  const bound = new WeakMap<Method, Method>();
  // Functions an app assigns (`log.info = spy`) read back as themselves, as on Probot's logger.
  const assigned = new WeakSet<object>();
  const child = (bindings: Bindings, options?: ChildLoggerOptions<never>): DeprecatedLogger =>
    aliasLog(log.child(bindings, options));
  const logInfo = (...args: Parameters<Logger["info"]>): void => {
    log.info(...args);
  };

  return new Proxy(logInfo, {
    get(_target, property) {
      if (property === "child") {
        // A function the app assigned (`probot.logger.child = simple.mock()`, wip/app's Probot 10 tests)
        // reads back as itself, as the rest do, and child() calls it.
        const own: unknown = Reflect.get(log, property, log);
        return typeof own === "function" && assigned.has(own) ? own : child;
      }
      // Probot 7 to 9's logger under the log (`app.log.target.streams = []` in their tests): pino's is the log itself.
      if (property === "target" && !Reflect.has(log, property)) return log;
      const value: unknown = Reflect.get(log, property, log);
      if (typeof value !== "function" || assigned.has(value)) return value;
      let method = bound.get(value as Method);
      if (method === undefined) {
        method = (value as Method).bind(log);
        bound.set(value as Method, method);
      }
      return method;
    },
    set: (_target, property, value) => {
      if (typeof value === "function") assigned.add(value as object);
      return Reflect.set(log, property, value, log);
    },
    // A spy defined rather than assigned (vitest 1's `vi.spyOn(app.log, "info")`) goes on the logger too, and
    // reads back as itself; its restore defines the original again the same way.
    defineProperty: (target, property, descriptor) => {
      if (typeof descriptor.value === "function") assigned.add(descriptor.value as object);
      if (!Reflect.defineProperty(log, property, descriptor)) return false;
      // A proxy may not say a property is not configurable unless its target holds it so.
      return descriptor.configurable === false ? Reflect.defineProperty(target, property, descriptor) : true;
    },
    getOwnPropertyDescriptor: (target, property) => {
      const own = Reflect.getOwnPropertyDescriptor(target, property);
      if (own && !own.configurable) return own;
      const descriptor = Reflect.getOwnPropertyDescriptor(log, property);
      return descriptor && { ...descriptor, configurable: true };
    },
    has: (_target, property) => Reflect.has(log, property),
  }) as unknown as DeprecatedLogger;
}

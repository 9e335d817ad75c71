import type pino from "pino";

const LEVEL_NAMES = ["trace", "debug", "info", "warn", "error", "fatal"] as const;

// pino's own level values. A disabled level is a no-op in pino too.
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};
const isLevel = (name: unknown): name is string => typeof name === "string" && Object.hasOwn(LEVEL_VALUES, name);

/**
 * A pino logger that creates the real one with its first line, not before.
 * Until then it answers what it can without pino: `level`, `levelVal`,
 * `isLevelEnabled()`, and the level methods of disabled levels, which write
 * nothing. Anything else (`child()`, `bindings()`, a spy, a custom level)
 * creates the logger and is pino's own from then on.
 *
 * @example
 * const log = lazyLogger("info", () => pino({ level: "info" }, stream));
 * log.debug("not written"); // no logger made yet
 * log.info("written");      // now it is
 */
export function lazyLogger(level: string, create: () => pino.Logger): pino.Logger {
  let real: pino.Logger | undefined;
  let current = level;
  // pino's own level methods, which it replaces at each level change. A level
  // method read before the logger was made calls these, not the logger's
  // current member: that may be a spy wrapping the method read before.
  const own = new Map<string, (...args: unknown[]) => void>();
  const keepOwn = (logger: pino.Logger) => {
    for (const name of LEVEL_NAMES) own.set(name, logger[name] as (...args: unknown[]) => void);
  };
  const materialize = (): pino.Logger => {
    if (real === undefined) {
      real = create();
      if (real.level !== current) real.level = current;
      keepOwn(real);
    }
    return real;
  };
  // pino refuses an unknown level when the logger is made: made now, it refuses it now.
  if (!isLevel(level)) materialize();
  const enabled = (name: string): boolean => LEVEL_VALUES[name]! >= LEVEL_VALUES[current]!;
  const methods = new Map<string, (...args: unknown[]) => void>();
  const levelMethod = (name: string) => {
    let method = methods.get(name);
    if (method === undefined) {
      method = (...args: unknown[]) => {
        if (real === undefined && !enabled(name)) return;
        const logger = materialize();
        own.get(name)!.apply(logger, args);
      };
      methods.set(name, method);
    }
    return method;
  };
  // Own members answered before pino is loaded; each is pino's once it is.
  const early = (property: string | symbol): unknown => {
    if (property === "level") return current;
    if (property === "levelVal") return LEVEL_VALUES[current];
    if (property === "isLevelEnabled") return (name: string) => isLevel(name) && enabled(name);
    if (isLevel(property) && property !== "silent") return levelMethod(property);
    return undefined;
  };
  // A member read through an object whose prototype is this one is read with that object as `this`.
  const self = (receiver: unknown, target: pino.Logger) => (receiver === proxy ? target : receiver);
  const proxy: pino.Logger = new Proxy({} as pino.Logger, {
    get(_target, property, receiver) {
      if (real === undefined) {
        const value = early(property);
        if (value !== undefined) return value;
      }
      if (property === "child") {
        // One the app assigned (a spy) reads back as itself.
        if (real !== undefined && Object.hasOwn(real, property)) return Reflect.get(real, property, real);
        // Called on the real logger, so children are plain pino children.
        return (...args: Parameters<pino.Logger["child"]>) => materialize().child(...args);
      }
      const logger = materialize();
      return Reflect.get(logger, property, self(receiver, logger));
    },
    set(_target, property, value, receiver) {
      if (real === undefined && property === "level" && isLevel(value)) {
        current = value;
        return true;
      }
      const logger = materialize();
      const done = Reflect.set(logger, property, value, self(receiver, logger));
      if (property === "level" && receiver === proxy) keepOwn(logger);
      return done;
    },
    has: (_target, property) => Reflect.has(materialize(), property),
    ownKeys: () => Reflect.ownKeys(materialize()),
    getOwnPropertyDescriptor(_target, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(materialize(), property);
      // The proxy's own target has none of these: a proxy may not report them as fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, property, descriptor) => Reflect.defineProperty(materialize(), property, descriptor),
    deleteProperty: (_target, property) => Reflect.deleteProperty(materialize(), property),
    getPrototypeOf: () => Reflect.getPrototypeOf(materialize()),
  });
  return proxy;
}

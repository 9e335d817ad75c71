import { REDACTED, isSecretKey, scrubSecrets } from "./secrets.js";

/** Loggers whose written lines are scrubbed already: the framework's own (`getLog`) and those made here. */
const scrubbing = new WeakSet<object>();
const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace"]);
/** How deep into a logged value secrets are looked for; pino's own limit on depth is larger, but apps' values are shallow. */
const MAX_DEPTH = 12;

type Method = (...args: unknown[]) => unknown;

/** Marks a logger whose every written line is scrubbed: its children (pino's inherit from it) are too. */
export function markScrubbing(log: object): void {
  scrubbing.add(log);
}

function isScrubbing(log: object): boolean {
  for (let current: object | null = log; current !== null; current = Object.getPrototypeOf(current) as object | null) {
    if (scrubbing.has(current)) return true;
  }
  return false;
}

/**
 * A logger the app gives (`new App({ log: pino(stream) })`) writes where the app chose, through hooks the
 * framework does not own. The values handed to its level methods are scrubbed instead: strings, and the
 * strings inside errors, arrays and objects, of private keys, JWTs, tokens, registered secrets and the values of
 * secret keys (`token`, `authorization`, …). A value with nothing to scrub is handed on as it is, so the app's
 * spies see its own objects; one with a secret is handed on as a scrubbed copy (an error keeps its class and
 * fields). `child()` returns a scrubbing child; everything else is the logger's own.
 *
 * @example
 * const log = scrubbedLog(pino(stream));
 * log.error(new Error(`Bad credentials for ${token}`)); // "Bad credentials for [REDACTED]"
 */
export function scrubbedLog<L extends object>(log: L): L {
  if (isScrubbing(log)) return log;
  const wrapped = new WeakMap<Method, Method>();
  const wrap = (method: Method, make: (method: Method) => Method): Method => {
    let wrapper = wrapped.get(method);
    if (wrapper === undefined) {
      wrapper = make(method);
      wrapped.set(method, wrapper);
    }
    return wrapper;
  };
  const proxy = new Proxy(log, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function" || typeof property !== "string") return value;
      if (property === "child") {
        return wrap(
          value as Method,
          (child) =>
            (...args) =>
              scrubbedLog(child.apply(target, args) as object),
        );
      }
      if (!isLevel(target, property)) return value;
      return wrap(
        value as Method,
        (method) =>
          (...args) =>
            method.apply(
              target,
              args.map((arg) => scrub(arg, 0, new Map())),
            ),
      );
    },
  });
  scrubbing.add(proxy);
  return proxy;
}

/** The six levels, and a pino logger's custom ones (`levels.values`). */
function isLevel(log: object, name: string): boolean {
  if (LEVELS.has(name)) return true;
  const values = (log as { levels?: { values?: Record<string, number> } }).levels?.values;
  return name !== "silent" && typeof values === "object" && values !== null && Object.hasOwn(values, name);
}

/** `value` with secrets scrubbed, or `value` itself when it holds none. */
function scrub(value: unknown, depth: number, seen: Map<object, unknown>): unknown {
  if (typeof value === "string") return scrubSecrets(value);
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return value;
  if (seen.has(value)) return seen.get(value);
  seen.set(value, value);
  const result = scrubObject(value, depth, seen);
  seen.set(value, result);
  return result;
}

function scrubObject(value: object, depth: number, seen: Map<object, unknown>): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => scrub(item, depth + 1, seen));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  const plain = prototype === null || prototype === Object.prototype;
  if (!plain && !(value instanceof Error) && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return scrubSerialized(value);
  }
  // An error's message and stack are its own but not enumerable; a plain object's fields are what is written.
  const isError = value instanceof Error;
  const keys = isError ? Reflect.ownKeys(value) : Object.keys(value);
  const fields = new Map<PropertyKey, unknown>();
  let changed = false;
  for (const key of keys) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined) continue;
    // An error's `stack` may be an accessor (newer V8): what it gives is what a logger writes.
    if (!("value" in descriptor) && !isError) continue;
    const field: unknown = "value" in descriptor ? descriptor.value : read(value, key);
    const scrubbed =
      typeof key === "string" && typeof field === "string" && isSecretKey(key)
        ? REDACTED
        : scrub(field, depth + 1, seen);
    fields.set(key, scrubbed);
    if (scrubbed !== field) changed = true;
  }
  if (!changed) return value;
  // A copy: the app's own object stays as it was. An error keeps its prototype, so it is still one of its class.
  const copy = Object.create(isError || plain ? prototype : Object.prototype) as object;
  for (const key of keys) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
    const enumerable = descriptor.enumerable === true;
    if (fields.has(key))
      Reflect.defineProperty(copy, key, { value: fields.get(key), writable: true, enumerable, configurable: true });
    else Reflect.defineProperty(copy, key, { ...descriptor, configurable: true });
  }
  return copy;
}

function read(value: object, key: PropertyKey): unknown {
  try {
    return Reflect.get(value, key) as unknown;
  } catch {
    return undefined;
  }
}

/** An object written through its `toJSON()` (a URL, a class of the app's): scrubbed as the line it becomes. */
function scrubSerialized(value: object): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return value;
  }
  if (text === undefined) return value;
  const scrubbed = scrubSecrets(text);
  if (scrubbed === text) return value;
  try {
    return JSON.parse(scrubbed) as unknown;
  } catch {
    return REDACTED;
  }
}

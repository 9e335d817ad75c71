export type CreateCatalogueGroupOptions = {
  /** Today's methods of the group (the endpoint plugin's object), if any. */
  today: object | undefined;
  names: ReadonlySet<string>;
  /** Builds a catalogue method today's object lacks; called once per name. */
  build: (name: string) => unknown;
  /** Names built here even though today's object has them (a route that changed). */
  replace?: ReadonlySet<string> | undefined;
};

/** `in`, `Object.keys` and assignment (apps stub methods in tests) behave as on a plain object. */
export function createCatalogueGroup({
  today = {},
  names,
  build,
  replace,
}: CreateCatalogueGroupOptions): Record<string, unknown> {
  // Own properties of the target: methods built here and values assigned by users.
  const own: Record<string | symbol, unknown> = {};
  const isAdded = (key: string | symbol): key is string =>
    typeof key === "string" && names.has(key) && (replace?.has(key) === true || !Reflect.has(today, key));
  const has = (key: string | symbol) => Object.hasOwn(own, key) || Reflect.has(today, key) || isAdded(key);
  const get = (key: string | symbol): unknown => {
    if (Object.hasOwn(own, key)) return own[key];
    if (!isAdded(key)) return Reflect.get(today, key);
    own[key] = build(key);
    return own[key];
  };

  return new Proxy(own, {
    get: (_target, key) => get(key),
    has: (_target, key) => has(key),
    ownKeys: () => [...new Set([...Reflect.ownKeys(own), ...Reflect.ownKeys(today), ...names])],
    // An assignment, as to a plain object's property: writable, enumerable and configurable (the
    // default set would define a method only seen through `today` with `{ value }` alone, read-only,
    // so a test that stubs it could not put it back).
    set(_target, key, value) {
      own[key] = value;
      return true;
    },
    defineProperty(_target, key, descriptor) {
      if (Object.hasOwn(own, key) || !has(key)) return Reflect.defineProperty(own, key, descriptor);
      // A method seen through `today` is redefined: what is not given stays as it was reported.
      const accessor = "get" in descriptor || "set" in descriptor;
      const current = accessor
        ? { enumerable: true, configurable: true }
        : { writable: true, enumerable: true, configurable: true };
      return Reflect.defineProperty(own, key, { ...current, ...descriptor });
    },
    getOwnPropertyDescriptor(_target, key) {
      if (Object.hasOwn(own, key) || !has(key)) {
        return Reflect.getOwnPropertyDescriptor(own, key);
      }
      const value = get(key); // may build the method into `own`
      return (
        Reflect.getOwnPropertyDescriptor(own, key) ?? {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        }
      );
    },
  }) as Record<string, unknown>;
}

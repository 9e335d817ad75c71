export type CreateCatalogueGroupOptions = {
  /** Today's methods of the group (the endpoint plugin's object), if any. */
  today: object | undefined;
  names: ReadonlySet<string>;
  /** Builds a catalogue method today's object lacks; called once per name. */
  build: (name: string) => unknown;
  /** Names built here even though today's object has them (a route that changed). */
  replace?: ReadonlySet<string> | undefined;
};

/** Per group made here, the names whose method was assigned or redefined (a test's stub or spy). */
const assignedNames = new WeakMap<object, { assigned: Set<string>; own: (name: string) => unknown }>();

/**
 * Whether `group.name` holds what was assigned to it rather than the group's own method: a test
 * replaced it (and did not put it back). False for any other object.
 */
export function isReplacedMethod(group: unknown, name: string): boolean {
  if (typeof group !== "object" || group === null) return false;
  const entry = assignedNames.get(group);
  return entry !== undefined && entry.assigned.has(name) && Reflect.get(group, name) !== entry.own(name);
}

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
  // The methods built here, as built: an assignment replaces one in `own`.
  const built = new Map<string, unknown>();
  const get = (key: string | symbol): unknown => {
    if (Object.hasOwn(own, key)) return own[key];
    if (!isAdded(key)) return Reflect.get(today, key);
    own[key] = build(key);
    built.set(key, own[key]);
    return own[key];
  };
  const assigned = new Set<string>();
  const noteAssigned = (key: string | symbol) => {
    if (typeof key !== "string") return;
    // The group's own method first, so that putting it back is seen as such.
    if (isAdded(key) && !built.has(key)) get(key);
    assigned.add(key);
  };

  const group = new Proxy(own, {
    get: (_target, key) => get(key),
    has: (_target, key) => has(key),
    ownKeys: () => [...new Set([...Reflect.ownKeys(own), ...Reflect.ownKeys(today), ...names])],
    // An assignment, as to a plain object's property: writable, enumerable and configurable (the
    // default set would define a method only seen through `today` with `{ value }` alone, read-only,
    // so a test that stubs it could not put it back).
    set(_target, key, value) {
      noteAssigned(key);
      own[key] = value;
      return true;
    },
    defineProperty(_target, key, descriptor) {
      noteAssigned(key);
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
  assignedNames.set(group, {
    assigned,
    own: (name) => (built.has(name) ? built.get(name) : Reflect.get(today, name)),
  });
  return group;
}

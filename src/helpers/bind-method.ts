/**
 * Returns `object[method]` bound to `object`, so it can be handed around as a
 * plain function (`const { on } = app` keeps working).
 *
 * @example
 * const receive = bindMethod(app, "receive");
 */
export function bindMethod<T extends object, K extends keyof T>(object: T, method: K): T[K] {
  const value = object[method];
  return typeof value === "function" ? value.bind(object) : value;
}

/**
 * Whether Hono and Express read a route's path alike: static segments and `:name` parameters only.
 * Express 4 also reads `?`, `+`, `*`, `(...)` and regular expressions (`/healthcheck(.html)?`),
 * which Hono reads otherwise or not at all.
 */
export function isPlainRoutePath(path: string): boolean {
  return /^[\w\-./:~%@!$&',;=]*$/.test(path);
}

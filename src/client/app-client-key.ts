/**
 * Where app-client.js leaves its class once evaluated, however it was loaded,
 * for `appClientClass()` to find. Keyed by this folder, so two copies of the
 * package never mix their classes. A leaf: app-client.ts and its loader both
 * import it, and neither imports the other.
 *
 * @example
 * (globalThis as Record<symbol, unknown>)[APP_CLIENT_KEY] ??= AppClient;
 */
export const APP_CLIENT_KEY = Symbol.for(`gh-app-kit AppClient ${new URL(".", import.meta.url).href}`);

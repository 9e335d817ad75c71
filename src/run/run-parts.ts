import type { AppOptions } from "../options/app-options.js";

/** The options of setup mode: no credentials, whatever the environment holds. */
export function withoutCredentials(options: AppOptions): AppOptions {
  const { appId: _a, id: _i, privateKey: _p, cert: _c, platformToken: _t, ...rest } = options;
  return rest;
}

/** Where a local relay reaches a server listening on all interfaces. */
export function loopback(host: string): string {
  return host === "::" || host === "0.0.0.0" ? "127.0.0.1" : host;
}

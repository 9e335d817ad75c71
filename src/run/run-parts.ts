import type { AppPlugin } from "../app.js";
import type { AppOptions } from "../options/app-options.js";
import type { Telemetry } from "../telemetry/telemetry.js";

/** The options of setup mode: no credentials, whatever the environment holds. */
export function withoutCredentials(options: AppOptions): AppOptions {
  const { appId: _a, id: _i, privateKey: _p, cert: _c, platformToken: _t, ...rest } = options;
  return rest;
}

/** Where a local relay reaches a server listening on all interfaces. */
export function loopback(host: string): string {
  return host === "::" || host === "0.0.0.0" ? "127.0.0.1" : host;
}

/** The App's plugins: those given, then telemetry's when OpenTelemetry is on. */
export function pluginsWithTelemetry(
  plugins: readonly AppPlugin[] | undefined,
  telemetry: Telemetry | undefined,
): readonly AppPlugin[] | undefined {
  return telemetry ? [...(plugins ?? []), telemetry.plugin] : plugins;
}

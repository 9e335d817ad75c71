import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { AppClient } from "./client/app-client.js";
import { warnOnce } from "./deprecations.js";
import { AppError } from "./errors.js";
import type { Options } from "./options/app-options.js";

export type ResolvedOptions = {
  appId: number | undefined;
  privateKey: string | undefined;
  /** The given client class; undefined for `AppClient`, which loads on first use. */
  Client: typeof AppClient | undefined;
};

export function resolveOptions(options: Options): ResolvedOptions {
  let privateKey = options.privateKey;
  if (options.cert !== undefined) {
    warnOnce("option:cert", 'The "cert" option is deprecated; use "privateKey".');
    privateKey ??= options.cert;
  }
  let appId = options.appId;
  if (options.id !== undefined) {
    warnOnce("option:id", 'The "id" option is deprecated; use "appId".');
    appId ??= options.id;
  }
  if (options.router !== undefined) {
    warnOnce(
      "option:router",
      'The "router" option is deprecated; use getRouter() from the application function argument.',
    );
  }
  let Client = options.Client;
  if (options.throttleOptions !== undefined) {
    warnOnce(
      "option:throttleOptions",
      'The "throttleOptions" option is deprecated; set "throttle" with Client.defaults() instead.',
    );
    Client = (Client ?? AppClient).defaults({ throttle: options.throttleOptions as ThrottlingOptions });
  }
  return {
    appId: parseAppId(appId),
    // The key is checked when first used (see TokenStore); with a platform token it is never used.
    privateKey: privateKey || undefined,
    Client,
  };
}

function parseAppId(value: number | string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const appId = typeof value === "number" ? value : Number(value.trim());
  if (!Number.isSafeInteger(appId) || appId <= 0) {
    throw new AppError("APP_ID_INVALID", `The app id must be a positive whole number, got "${String(value)}".`, {
      hint: "Set APP_ID (or --app-id) to the App ID shown in the app's settings.",
    });
  }
  return appId;
}

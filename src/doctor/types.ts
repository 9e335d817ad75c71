import type { App } from "../app.js";
import type { TokenStore } from "../client/auth/token-store.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { AppOptions } from "../options/app-options.js";
import type { PlatformProbe } from "./probe-platform.js";

/** ok: nothing to do; warn: works, but should be fixed; fail: the app will not work as configured. */
export type CheckStatus = "ok" | "warn" | "fail";

/** One line of `app doctor`: what was checked, how it went and, unless ok, what to do. */
export type CheckResult = {
  /** Stable name for scripts: `key`, `clock`, `secret`, `events`, `installations`, `redis`, `persistence`, `proxy`. */
  id: string;
  status: CheckStatus;
  message: string;
  /** What to do about a warn or fail. */
  fix?: string | undefined;
  /** With several registrations (APP_REGISTRATIONS): the one this line is about. */
  registration?: { appId: number | undefined; name: string | undefined } | undefined;
};

/** What every check may use: the configuration as `app run` resolves it. */
export type DoctorSetup = {
  env: NodeJS.ProcessEnv;
  options: AppOptions;
  /** The App built from `options` (no Redis, no proxy), or the reason it could not be built. */
  app: App | undefined;
  appError: unknown;
  /** The apps `app run` would load, or the reason they could not be loaded. */
  loadApps(): Promise<Array<ApplicationFunction | DeprecatedApplicationFunction>>;
  /** `GET /app` with the app's JWT, made once and shared. */
  probe: PlatformProbe | undefined;
  /** The app's token store: the App's own, or one made for the checks when a platform token is set too. */
  tokens?: TokenStore | undefined;
};

export type Check = (setup: DoctorSetup) => Promise<CheckResult | undefined>;

import { warnOnce } from "../deprecations.js";
import { AppError } from "../errors.js";
import type { AppOptions } from "./app-options.js";

/** Probot's names of two options, and this package's. */
const PROBOT_NAMES = [
  ["githubToken", "platformToken"],
  ["Octokit", "Client"],
] as const;

/**
 * Probot's `githubToken` and `Octokit` are taken as `platformToken` and `Client` (with one
 * deprecation warning each), as a test written for Probot passes them when only its imports were
 * renamed; left unread, its events asked for installation tokens with the key "test" and its
 * clients retried and throttled. Beside a different value under the new name, which was meant
 * cannot be told: refused. The answer is a copy without Probot's keys.
 */
export function withProbotOptionNames<T extends AppOptions>(given: T, caller = "new App()"): T {
  if (given === null || typeof given !== "object") return given;
  if (!PROBOT_NAMES.some(([probot]) => Object.hasOwn(given, probot))) return given;
  const options: Record<string, unknown> = { ...given };
  for (const [probot, name] of PROBOT_NAMES) {
    if (!Object.hasOwn(options, probot)) continue;
    const value = options[probot];
    delete options[probot];
    if (value === undefined) continue;
    if (options[name] !== undefined && options[name] !== value) {
      // The values are not shown: a token is a secret.
      throw new AppError("OPTION_INVALID", `${caller} was given both "${name}" and Probot's "${probot}".`, {
        hint: `Keep ${name} alone; app migrate renames ${probot}.`,
      });
    }
    warnOnce(
      `option:${probot}`,
      `The "${probot}" option (Probot's name) is deprecated; write "${name}" (app migrate renames it).`,
    );
    options[name] = value;
  }
  return options as T;
}

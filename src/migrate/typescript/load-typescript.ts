import { createRequire } from "node:module";
import { join } from "node:path";
import type * as TS from "typescript";

export type TypeScriptApi = typeof TS;

/**
 * The oldest TypeScript the check runs with: the webhook payload types need 4.1's template literal types.
 * The package's declarations as a whole need 4.7 (report-old-typescript.ts): before it, some of Octokit's
 * do not parse, yet the payload types read, and ts-jest compiles the app's own files with them so.
 */
const OLDEST = [4, 1] as const;

/**
 * The app's own `typescript`, as its own tools would load it (never ours: the types are checked
 * as the app's compiler sees them). `missing`: the app has none installed, nothing to say;
 * `reason`: it has one, but the check cannot run with it.
 */
export function loadAppTypeScript(directory: string): { ts: TypeScriptApi } | { missing: true } | { reason: string } {
  const require = createRequire(join(directory, "package.json"));
  let path: string;
  try {
    path = require.resolve("typescript");
  } catch {
    return { missing: true };
  }
  let ts: TypeScriptApi;
  try {
    ts = require(path) as TypeScriptApi;
  } catch (error) {
    return { reason: `its typescript did not load (${(error as Error).message})` };
  }
  const [major = 0, minor = 0] = String(ts.version).split(".").map(Number);
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1]))
    return { reason: `its typescript ${ts.version} is older than ${OLDEST.join(".")}` };
  return { ts };
}

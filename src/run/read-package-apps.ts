import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../errors.js";
import { parseJsonFile } from "../helpers/byte-order-mark.js";

export function readPackageApps(cwd: string): string[] {
  const path = join(cwd, "package.json");
  let manifest: unknown;
  try {
    manifest = parseJsonFile(readFileSync(path, "utf8"));
  } catch (error) {
    // A broken package.json is reported by the welcome page; it lists no apps.
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof SyntaxError) return [];
    throw error;
  }
  const { app, probot } = (manifest ?? {}) as {
    app?: { apps?: unknown };
    probot?: { apps?: unknown; plugins?: unknown };
  };
  // Without an app key, Probot's own (probot run read its apps there; `plugins` in Probot 7 to 9).
  const apps = app?.apps ?? (app === undefined ? (probot?.apps ?? probot?.plugins) : undefined);
  if (apps === undefined) return [];
  if (!Array.isArray(apps) || !apps.every((id) => typeof id === "string" && id.trim() !== "")) {
    throw new AppError("OPTION_INVALID", `"app.apps" in ${path} must be a list of app paths or package names.`, {
      hint: 'Write it as "app": { "apps": ["./index.js"] }.',
    });
  }
  return apps.map((id: string) => id.trim());
}

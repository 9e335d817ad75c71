import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../errors.js";
import { parseJsonFile } from "../helpers/parse-json-file.js";

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
  const apps = (manifest as { app?: { apps?: unknown } } | null)?.app?.apps;
  if (apps === undefined) return [];
  if (!Array.isArray(apps) || !apps.every((id) => typeof id === "string" && id.trim() !== "")) {
    throw new AppError("OPTION_INVALID", `"app.apps" in ${path} must be a list of app paths or package names.`, {
      hint: 'Write it as "app": { "apps": ["./index.js"] }.',
    });
  }
  return apps.map((id: string) => id.trim());
}

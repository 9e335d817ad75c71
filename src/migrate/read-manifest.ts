import { readFile, stat } from "node:fs/promises";
import { AppError } from "../errors.js";

/** The app's package.json, as text; a folder that is not one, or has none, is the user's error. */
export async function readManifest(directory: string, manifestPath: string): Promise<string> {
  const folder = await stat(directory).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new AppError("PACKAGE_JSON_NOT_FOUND", `${directory} is not a folder.`, {
      hint: "Give the folder of the Probot app, the one with its package.json: app migrate ./my-app",
    });
  }
  return readFile(manifestPath, "utf8").catch(() => {
    throw new AppError("PACKAGE_JSON_NOT_FOUND", `${directory} has no package.json.`, {
      hint: "Give the folder of the Probot app, the one with its package.json: app migrate ./my-app",
    });
  });
}

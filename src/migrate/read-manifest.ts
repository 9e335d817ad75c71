import { readFile, stat } from "node:fs/promises";
import { AppError } from "../errors.js";
import { parseJsonFile } from "../helpers/byte-order-mark.js";

/** The app's package.json, as text; a folder that is not one, or has none, is the user's error. */
export async function readManifest(directory: string, manifestPath: string): Promise<string> {
  const folder = await stat(directory).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new AppError("PACKAGE_JSON_NOT_FOUND", `${directory} is not a folder.`, {
      hint: "Give the folder of the Probot app, the one with its package.json: app migrate ./my-app",
    });
  }
  const text = await readFile(manifestPath, "utf8").catch(() => {
    throw new AppError("PACKAGE_JSON_NOT_FOUND", `${directory} has no package.json.`, {
      hint: "Give the folder of the Probot app, the one with its package.json: app migrate ./my-app",
    });
  });
  let manifest: unknown;
  try {
    manifest = parseJsonFile(text);
  } catch (error) {
    throw new AppError("PACKAGE_JSON_INVALID", `${manifestPath} is not valid JSON: ${(error as Error).message}`, {
      hint: "Fix package.json, then run app migrate again.",
    });
  }
  // `null`, `[]` or `"x"` parse, yet name no dependency: every later step reads fields of an object.
  if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest)) {
    const held = manifest === null ? "null" : Array.isArray(manifest) ? "an array" : `a ${typeof manifest}`;
    throw new AppError("PACKAGE_JSON_INVALID", `${manifestPath} holds ${held}, not an object.`, {
      hint: 'package.json is one JSON object ({ "name": ..., "dependencies": { ... } }): fix it, then run app migrate again.',
    });
  }
  return text;
}

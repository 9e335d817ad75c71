import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseJsonFile } from "../helpers/byte-order-mark.js";

export type PackageInfo = {
  name?: string | undefined;
  version?: string | undefined;
  description?: string | undefined;
};

/** A missing file or field leaves the field out: the page then shows generic text. */
export function readPackageInfo(cwd: string, warn?: (message: string) => void): PackageInfo {
  const path = join(cwd, "package.json");
  let manifest: unknown;
  try {
    manifest = parseJsonFile(readFileSync(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      warn?.(`${path} could not be read as JSON, so the welcome page shows generic text: fix or remove the file.`);
    }
    return {};
  }
  if (typeof manifest !== "object" || manifest === null) return {};
  const { name, version, description } = manifest as Record<string, unknown>;
  return { name: text(name), version: text(version), description: text(description) };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

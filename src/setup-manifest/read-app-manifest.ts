import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadAll } from "js-yaml";
import { AppError } from "../errors.js";
import { parseJsonFile, withoutByteOrderMark } from "../helpers/byte-order-mark.js";

/** The fields of a GitHub App manifest the setup flow sets or passes on. */
export type AppManifest = {
  name?: string;
  url?: string;
  description?: string;
  hook_attributes?: { url?: string; active?: boolean };
  redirect_url?: string;
  callback_urls?: string[];
  setup_url?: string;
  public?: boolean;
  default_events?: string[];
  default_permissions?: Record<string, string>;
  request_oauth_on_install?: boolean;
  setup_on_update?: boolean;
  [key: string]: unknown;
};

export type ReadAppManifestOptions = { cwd: string };

export function readAppManifest({ cwd }: ReadAppManifestOptions): AppManifest {
  const fromPackage = readPackage(join(cwd, "package.json"));
  const path = join(cwd, "app.yml");
  const text = readOptional(path);
  if (text === undefined) return fromPackage;
  let documents: unknown[];
  try {
    documents = loadAll(withoutByteOrderMark(text));
  } catch (error) {
    throw invalid(`${path} is not valid YAML: ${describeYamlError(error)}`);
  }
  if (documents.length > 1) throw invalid(`${path} holds ${documents.length} YAML documents (separated by ---).`);
  const value = documents[0]; // undefined for a file of comments only
  if (value === null || value === undefined) return fromPackage;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalid(`${path} must hold a mapping of manifest fields (name, default_events, ...).`);
  }
  return { ...fromPackage, ...(value as AppManifest) };
}

function readPackage(path: string): AppManifest {
  const text = readOptional(path);
  if (text === undefined) return {};
  try {
    const { name, description } = parseJsonFile(text) as Record<string, unknown>;
    return {
      // "@scope/my-app" → "my-app": GitHub App names have no scope.
      ...(typeof name === "string" && name.trim() ? { name: name.trim().replace(/^@[^/]+\//, "") } : {}),
      ...(typeof description === "string" && description.trim() ? { description: description.trim() } : {}),
    };
  } catch {
    return {}; // the welcome page already reports a broken package.json
  }
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw invalid(`${path} cannot be read: ${(error as Error).message}`, error);
  }
}

// js-yaml's message quotes lines of the file after a newline: keep the reason and where (from 1).
function describeYamlError(error: unknown): string {
  const { reason, mark, message } = error as {
    reason?: string;
    mark?: { line: number; column: number };
    message?: string;
  };
  if (typeof reason !== "string") return String(message ?? error).split("\n")[0]!;
  return mark ? `${reason} (line ${mark.line + 1}, column ${mark.column + 1})` : reason;
}

function invalid(message: string, cause?: unknown): AppError {
  return new AppError("APP_MANIFEST_INVALID", message, {
    hint: "Fix app.yml (see https://docs.github.com/apps/sharing-github-apps/registering-a-github-app-from-a-manifest) or remove it to use the defaults.",
    cause,
  });
}

import { AppError } from "../errors.js";
import { BASE_KEY, BASE_REGEX } from "./constants.js";
import { describeFile, type FileLocation } from "./describe-file.js";
import { findPathProblem } from "./validate-config-path.js";

/** The file a base reference names; read from its repository's default branch. */
export type BaseLocation = { owner: string; repo: string; path: string };

/** Owner and path default to the holding file's, so a chain of bases stays in its organisation. */
export function parseBase(value: unknown, from: FileLocation, url?: string): BaseLocation {
  const match = typeof value === "string" ? BASE_REGEX.exec(value) : null;
  if (match === null) {
    // Probot's words first, as for invalid YAML: apps' tests and log searches match on them.
    const shown = JSON.stringify(value) ?? String(value);
    const probot = url
      ? `Invalid value ${shown.length > 80 ? `${shown.slice(0, 80)}...` : shown} for ${BASE_KEY} in ${url}. `
      : "";
    throw extendsError(
      `${probot}The ${BASE_KEY} value ${describeValue(value)} in ${describeFile(from)} is not a base reference.`,
      `Write it as "[org/]repository[:path/to/file.yml]", for example "${BASE_KEY}: my-org/settings".`,
    );
  }
  const [, owner, repo, path] = match;
  if (repo === "." || repo === "..") {
    throw extendsError(
      `The ${BASE_KEY} value "${value as string}" in ${describeFile(from)} names "${repo}", which is not a repository.`,
      `Name the repository that holds the base, for example "${BASE_KEY}: my-org/settings".`,
    );
  }
  const problem = path === undefined ? undefined : findPathProblem(path);
  if (problem !== undefined) {
    throw extendsError(
      `The ${BASE_KEY} value "${value as string}" in ${describeFile(from)} names a path that is not allowed: ${problem}.`,
      "Give the base file's path from its repository's root, such as \"settings:.github/app.yml\".",
    );
  }
  return { owner: owner ?? from.owner, repo: repo!, path: path ?? from.path };
}

export function extendsError(message: string, hint: string): AppError {
  return new AppError("CONFIG_EXTENDS_INVALID", message, { hint });
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
  if (value === null) return "null";
  return Array.isArray(value) ? "(a list)" : `(a ${typeof value})`;
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "dotenv";
import { AppError } from "../errors.js";

export type LoadEnvFileOptions = {
  env: NodeJS.ProcessEnv;
  cwd: string;
};

/**
 * `env` with the variables of `<cwd>/.env` added beneath it: a variable
 * already set wins over the file. A missing file changes nothing. `env`
 * itself is not changed.
 *
 * @example
 * const env = loadEnvFile({ env: process.env, cwd: process.cwd() });
 */
export function loadEnvFile({ env, cwd }: LoadEnvFileOptions): NodeJS.ProcessEnv {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ...env };
    throw new AppError("OPTION_INVALID", `${path} cannot be read: ${(error as Error).message}`, {
      hint: "Make the .env file readable by this user, or remove it.",
      cause: error,
    });
  }
  return { ...parse(text), ...env };
}

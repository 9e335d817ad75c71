import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "dotenv";
import { AppError } from "../errors.js";

export type LoadEnvFileOptions = {
  /** The variables already set. Default: `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
  cwd: string;
  /**
   * Also copy the file's variables into `process.env` (those not set), when
   * `env` is the process's own: the apps' code reads `process.env`, as it
   * would with dotenv. `app run`, `app worker` and `app doctor` do this.
   */
  intoProcessEnv?: boolean | undefined;
};

/** The one reader of `.env`; a variable already set wins over the file. */
export function loadEnvFile({ env = process.env, cwd, intoProcessEnv = false }: LoadEnvFileOptions): NodeJS.ProcessEnv {
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
  const merged = { ...parse(text), ...env };
  if (intoProcessEnv && env === process.env) {
    for (const [key, value] of Object.entries(merged)) process.env[key] ??= value;
  }
  return merged;
}

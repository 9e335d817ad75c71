import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const GIT_TIMEOUT_MS = 2000;

/** `.env` holds the private key: one push and it is public. Without git it says nothing. */
export async function warnIfEnvTracked({
  cwd,
  log,
}: {
  cwd: string;
  log: { warn(message: string): unknown };
}): Promise<boolean> {
  if (!existsSync(join(cwd, ".env"))) return false;
  const tracked = await new Promise<boolean>((resolve) => {
    execFile(
      "git",
      ["ls-files", "--error-unmatch", ".env"],
      { cwd, timeout: GIT_TIMEOUT_MS, windowsHide: true },
      (error) => resolve(error === null),
    );
  });
  if (tracked) {
    log.warn(
      `${join(cwd, ".env")} is tracked by git, and it holds the app's secrets. ` +
        "Run `git rm --cached .env`, add .env to .gitignore, and replace the private key and webhook secret if it was ever pushed.",
    );
  }
  return tracked;
}

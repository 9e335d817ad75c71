import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { AppError } from "../errors.js";
import { validatePrivateKey } from "./validate-private-key.js";
import { processEnv } from "../options/process-env.js";

/** Where a private key was found, in lookup order. */
export type PrivateKeySource = "--private-key" | "PRIVATE_KEY" | "PRIVATE_KEY_PATH" | "pem-file";

export type FindPrivateKeyOptions = {
  /** Value of the --private-key flag, resolved from `cwd`; wins over the environment. */
  filepath?: string | undefined;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
};

export type FoundPrivateKey = {
  source: PrivateKeySource;
  /** The file the key was read from; absent for PRIVATE_KEY. */
  path?: string;
  /** The normalised PEM. */
  key: string;
};

/** Order: --private-key, PRIVATE_KEY, PRIVATE_KEY_PATH, then a single .pem file in `cwd`. */
export function findPrivateKey({
  filepath,
  env = processEnv(),
  cwd = process.cwd(),
}: FindPrivateKeyOptions = {}): FoundPrivateKey | null {
  if (filepath) return readKeyFile("--private-key", resolve(cwd, filepath), cwd);
  if (env.PRIVATE_KEY?.trim()) {
    const key = validatePrivateKey(env.PRIVATE_KEY, "The private key in PRIVATE_KEY");
    return { source: "PRIVATE_KEY", key };
  }
  if (env.PRIVATE_KEY_PATH?.trim()) {
    return readKeyFile("PRIVATE_KEY_PATH", resolve(cwd, env.PRIVATE_KEY_PATH), cwd);
  }
  const pemFile = findPemFile(cwd);
  return pemFile ? readKeyFile("pem-file", pemFile, cwd) : null;
}

function readKeyFile(source: PrivateKeySource, path: string, cwd: string): FoundPrivateKey {
  const via = source === "pem-file" ? "the only .pem file in the working folder" : source;
  const label = `The private key file ${path} (${via})`;
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "does not exist"
        : code === "EISDIR"
          ? "is a folder, not a file"
          : `cannot be read (${code ?? "unknown error"})`;
    throw new AppError("PRIVATE_KEY_NOT_FOUND", `${label} ${reason}.`, {
      hint: `Check the path given by ${source}; a relative path is resolved from ${cwd}.`,
      cause,
    });
  }
  return { source, path, key: validatePrivateKey(raw, label) };
}

function findPemFile(cwd: string): string | null {
  let names: string[];
  try {
    names = readdirSync(cwd, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && /\.pem$/i.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return null; // no readable working folder, so no .pem file in it
  }
  if (names.length > 1) {
    throw new AppError(
      "PRIVATE_KEY_AMBIGUOUS",
      `The working folder ${cwd} has ${names.length} .pem files (${names.join(", ")}), so the private key is ambiguous.`,
      { hint: "Set PRIVATE_KEY_PATH to the app's private key file, or pass --private-key=<path>." },
    );
  }
  return names.length === 1 ? join(cwd, names[0]!) : null;
}

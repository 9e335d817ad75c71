import { randomBytes } from "node:crypto";
import { chmod, open, readFile, rename, unlink } from "node:fs/promises";
import { parse } from "dotenv";
import { AppError } from "../errors.js";
import { formatEnvValue } from "./format-env-value.js";

/** Replaced atomically and readable only by its owner (0600): it holds the private key. */
export async function updateEnvFile(path: string, values: Readonly<Record<string, string>>): Promise<void> {
  const existing = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  const content = renderEnvFile(existing, values);
  const written = parse(content);
  for (const [key, value] of Object.entries(values)) {
    if (written[key] !== value) {
      throw new AppError("OPTION_INVALID", `The value of ${key} cannot be written to a .env file unchanged.`, {
        hint: `Set ${key} in the environment instead.`,
      });
    }
  }
  await writeAtomically(path, content);
}

export function renderEnvFile(existing: string, values: Readonly<Record<string, string>>): string {
  const pending = new Map(Object.entries(values));
  const output: string[] = [];
  const lines = existing === "" ? [] : existing.replace(/\r\n/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) {
      output.push(line);
      continue;
    }
    const [, key, rest] = match as unknown as [string, string, string];
    const end = endOfValue(lines, index, rest);
    if (!(key in values)) {
      output.push(...lines.slice(index, end + 1));
    } else if (pending.has(key)) {
      output.push(`${key}=${formatEnvValue(key, pending.get(key)!)}`);
      pending.delete(key);
    } // a later duplicate of a key already set is dropped
    index = end;
  }
  for (const [key, value] of pending) output.push(`${key}=${formatEnvValue(key, value)}`);
  return `${output.join("\n")}\n`;
}

/** The index of the last line of a value that may be quoted over several lines. */
function endOfValue(lines: readonly string[], start: number, rest: string): number {
  const quote = rest[0];
  if (quote !== '"' && quote !== "'" && quote !== "`") return start;
  if (rest.indexOf(quote, 1) !== -1) return start;
  for (let index = start + 1; index < lines.length; index++) {
    if (lines[index]!.includes(quote)) return index;
  }
  return start;
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

import { AppError } from "../errors.js";

const BARE = /^[A-Za-z0-9_\-.:/@+,=%]*$/;

/** Quoted so that dotenv reads it back unchanged. */
export function formatEnvValue(key: string, value: string): string {
  const multiline = value.includes("\n");
  if (!multiline && BARE.test(value)) return value;
  if (!multiline && !value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("`")) return `\`${value}\``;
  throw new AppError("OPTION_INVALID", `The value of ${key} mixes every kind of quote and cannot be written to .env.`, {
    hint: `Set ${key} in the environment instead.`,
  });
}

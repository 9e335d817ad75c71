import { AppError } from "../errors.js";

const BARE = /^[A-Za-z0-9_\-.:/@+,=%]*$/;

/**
 * A value as it must appear after `KEY=` so that dotenv reads it back
 * unchanged: bare when safe, else single, double or back quotes.
 */
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

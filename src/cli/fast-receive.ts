import { readFileSync, statSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { isAppError, toError } from "../errors.js";
import { whenLogsWritten } from "../log/create-pretty-stream.js";
import { scrubSecrets } from "../log/secrets.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { describeAppError } from "./describe-app-error.js";
import { runReceive, type ReceiveFlags } from "./run-receive.js";

// `app receive` runs once per event in a GitHub Actions job, so its start is
// what users wait for, and loading oclif (its configuration, help, parser:
// some 200 modules) costs more than Node's own start. This parses the
// command line from oclif's manifest (the flags of commands/receive.ts, as
// `npm run build` wrote them) and runs the command without oclif. It takes
// only what it can parse exactly as oclif would; anything else (help, a
// typo, a bad value, a repeated flag) goes to oclif, which prints its usual
// error, so the two paths never differ in what they accept or say.

type ManifestFlag = {
  name: string;
  type: "option" | "boolean";
  char?: string;
  env?: string;
  options?: string[];
  multiple?: boolean;
  allowNo?: boolean;
};
type Manifest = { commands?: Record<string, { flags?: Record<string, ManifestFlag>; strict?: boolean }> };

/**
 * Flags whose oclif definition also parses the value (commands/receive.ts,
 * src/cli/flags.ts); the manifest says only "option". A flag with a parser
 * not listed here makes the fast start give way to oclif.
 */
const PARSERS: Record<string, (value: string) => unknown> = {
  // Flags.integer({ min: 1 })
  "app-id": (value) => (/^\d+$/.test(value) && Number(value) >= 1 ? Number.parseInt(value, 10) : undefined),
  // Flags.file({ exists: true })
  "private-key": (value) => (isFile(value) ? value : undefined),
  // Flags.url()
  "base-url": (value) => (URL.canParse(value) ? new URL(value) : undefined),
};
const STRING_FLAGS = new Set([
  "event",
  "payload-path",
  "token",
  "log-level",
  "log-format",
  "log-message-key",
  "sentry-dsn",
]);

/**
 * Parses `app receive`'s command line as oclif would, from the manifest at
 * `manifestUrl`; undefined when oclif should parse it instead.
 *
 * @example
 * parseReceiveArgs(["-e", "push", "-p", "push.json", "./app.js"], manifestUrl, process.env);
 * // { flags: { event: "push", "payload-path": "push.json" }, argv: ["./app.js"] }
 */
export function parseReceiveArgs(
  args: readonly string[],
  manifestUrl: URL,
  env: NodeJS.ProcessEnv,
): { flags: ReceiveFlags; argv: string[] } | undefined {
  const command = readManifest(manifestUrl)?.commands?.receive;
  const defined = Object.values(command?.flags ?? {});
  if (defined.length === 0 || command?.strict !== false) return undefined;
  if (
    defined.some(
      (flag) =>
        flag.multiple ||
        flag.allowNo ||
        (flag.type === "option" && !STRING_FLAGS.has(flag.name) && !PARSERS[flag.name]),
    )
  )
    return undefined;
  // Help, the end of flags, and `-e=push` (oclif drops the "=") are left to oclif.
  if (args.some((arg) => arg === "--" || arg === "-h" || /^--(help|version)\b/.test(arg) || /^-[^-]=/.test(arg)))
    return undefined;
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const flag of defined) {
    options[flag.name] = {
      type: flag.type === "boolean" ? "boolean" : "string",
      ...(flag.char ? { short: flag.char } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true, tokens: true });
  } catch {
    return undefined; // an unknown flag, a missing value: oclif says what is wrong
  }
  const seen = parsed.tokens.filter((token) => token.kind === "option").map((token) => token.name);
  if (new Set(seen).size !== seen.length) return undefined; // oclif: "can only be specified once"
  const flags: Record<string, unknown> = {};
  for (const flag of defined) {
    const given = parsed.values[flag.name];
    if (flag.type === "boolean") {
      // oclif: the flag, else its variable when set ("1", "true", "y", "yes")
      if (given !== undefined) flags[flag.name] = given;
      else if (flag.env && env[flag.env])
        flags[flag.name] = ["1", "true", "y", "yes"].includes(env[flag.env]!.toLowerCase());
      continue;
    }
    // oclif: the flag, else its variable when set and not empty
    const raw = typeof given === "string" ? given : flag.env ? env[flag.env] || undefined : undefined;
    if (raw === undefined) continue;
    if (raw === "") return undefined;
    if (flag.options && !flag.options.includes(raw)) return undefined;
    const parse = PARSERS[flag.name];
    const value = parse ? parse(raw) : raw;
    if (value === undefined) return undefined;
    flags[flag.name] = value;
  }
  return { flags: flags as ReceiveFlags, argv: parsed.positionals };
}

/**
 * Runs `app receive` without oclif when its command line allows
 * (see `parseReceiveArgs`); false when oclif must run it instead. Errors are
 * printed as oclif's `app receive` prints them, and set the exit code.
 *
 * @example
 * if (!(await fastReceive(process.argv.slice(3), new URL("../oclif.manifest.json", import.meta.url)))) await execute({ dir });
 */
export async function fastReceive(args: readonly string[], manifestUrl: URL): Promise<boolean> {
  const parsed = parseReceiveArgs(args, manifestUrl, process.env);
  if (parsed === undefined) return false;
  try {
    await runReceive(parsed.argv, parsed.flags);
  } catch (error) {
    await whenLogsWritten();
    if (isAppError(error)) {
      const { lines, exitCode } = describeAppError(error, 'See "app receive --help".');
      process.stderr.write(`${lines.join("\n")}\n`);
      process.exit(exitCode);
    }
    // Not expected: oclif prints it, as AppCommand does (the stack at debug level).
    const { error: cliError } = await import("@oclif/core/errors");
    const { handle } = await import("@oclif/core/handle");
    const failure = toError(error);
    const verbose =
      /^(debug|trace)$/i.test(process.env[ENV_BINDINGS.logLevel.variable] ?? "") || Boolean(process.env.DEBUG);
    try {
      cliError(scrubSecrets(verbose && failure.stack ? failure.stack : failure.message || String(error)), { exit: 1 });
    } catch (printable) {
      await handle(printable as Error);
    }
  }
  return true;
}

function readManifest(url: URL): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(url, "utf8")) as Manifest;
  } catch {
    return undefined; // not built: oclif finds the commands itself
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

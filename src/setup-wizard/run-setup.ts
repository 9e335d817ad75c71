import { readFileSync } from "node:fs";
import { join } from "node:path";
import { updateEnvFile } from "../env-file/update-env-file.js";
import { AppError } from "../errors.js";
import { loadEnvFile } from "../options/load-env-file.js";
import { findPrivateKey } from "../private-key/get-private-key.js";
import { warnIfEnvTracked } from "../run/warn-tracked-env.js";
import { describePrivateKey } from "./describe-private-key.js";
import { createPrompter, type Prompter } from "./prompter.js";
import { SETUP_VALUES, type SetupKey, type SetupValueSpec } from "./setup-values.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { parseJsonFile } from "../helpers/byte-order-mark.js";

export type SetupOptions = {
  /** The flags: values given here are never asked for. */
  values?: Partial<Record<SetupKey, string | undefined>>;
  privateKeyPath?: string | undefined;
  /** Ask nothing; take the defaults for what is not given. */
  yes?: boolean | undefined;
  /** Whether questions can be asked (standard input and output are a terminal). */
  interactive: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Default: inquirer on standard input and output. */
  prompter?: Prompter | undefined;
  print?: (line: string) => void;
  /** Default: `print`. */
  warn?: (line: string) => void;
};

export type SetupResult = { path: string; written: string[] };

export async function runSetup(options: SetupOptions): Promise<SetupResult> {
  const cwd = options.cwd ?? process.cwd();
  const path = join(cwd, ".env");
  const env = loadEnvFile({ env: options.env, cwd });
  const print = options.print ?? (() => undefined);
  const ask = options.interactive && !options.yes;
  const prompter = ask ? (options.prompter ?? createPrompter()) : undefined;
  const values: Record<string, string> = {};

  const key = describePrivateKey({ filepath: options.privateKeyPath, env, cwd });
  // A key that cannot be used is said once, by the error.
  if (key.error && (options.privateKeyPath || !prompter)) throw key.error;
  print(key.line);
  if (key.found && options.privateKeyPath) values.PRIVATE_KEY_PATH = options.privateKeyPath;
  if (!key.found && prompter) {
    const answer = await prompter.text("Path to the app's private key (.pem), empty to skip", {
      validate: (value) => validateKeyPath(value, cwd),
    });
    if (answer) values.PRIVATE_KEY_PATH = answer;
  }

  const missing: SetupValueSpec[] = [];
  for (const spec of SETUP_VALUES) {
    const given = options.values?.[spec.key]?.trim() || undefined;
    const known = given ?? (env[spec.key]?.trim() || undefined);
    let value: string | undefined;
    if (given === undefined && prompter) value = await askFor(prompter, spec, known, env);
    else value = known ?? (options.yes ? spec.suggest(env) : undefined);
    if (value === undefined || value === "") {
      if (spec.required) missing.push(spec);
      continue;
    }
    const valid = spec.validate(value);
    if (valid !== true) {
      throw new AppError("OPTION_INVALID", `${spec.key}: ${valid}`, { hint: `Pass a valid value with ${spec.flag}.` });
    }
    values[spec.key] = value;
  }
  if (missing.length > 0) throw inputRequired(missing, Boolean(options.yes));

  await updateEnvFile(path, values);
  const written = Object.keys(values);
  print(`Wrote ${written.join(", ")} to ${path} (readable only by you).`);
  // As `app run` and `app worker` say at start: the file just written would go out with the next push.
  await warnIfEnvTracked({ cwd, log: { warn: options.warn ?? print } });
  print(webhookAdvice(values, env));
  print(`Then start the app with ${startCommand(cwd)}.`);
  print("Then check the configuration against the platform with `app doctor`.");
  return { path, written };
}

/** Where the platform must send webhooks: a public address, never localhost, which it cannot reach. */
function webhookAdvice(values: Record<string, string>, env: NodeJS.ProcessEnv): string {
  const secret = "and the webhook secret to WEBHOOK_SECRET from .env";
  if (values.WEBHOOK_PROXY_URL)
    return `In the app's settings, set the webhook URL to ${values.WEBHOOK_PROXY_URL} (the smee channel) ${secret}.`;
  const domain = values.PROJECT_DOMAIN?.replace(/\/+$/, "");
  if (domain && !isLocal(domain))
    return `In the app's settings, set the webhook URL to ${domain}${ENV_BINDINGS.webhookPath.read(env) ?? "/api/github/webhooks"} ${secret}.`;
  return (
    "GitHub cannot deliver webhooks to a localhost address: open https://smee.io/new, run app setup --webhook-proxy <that channel's URL>, " +
    `and in the app's settings set the webhook URL to the channel's URL ${secret}.`
  );
}

function isLocal(url: string): boolean {
  try {
    return /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** `npm start` in a project that has a start script (one made by `app new`), else the command itself. */
function startCommand(cwd: string): string {
  try {
    const manifest = parseJsonFile(readFileSync(join(cwd, "package.json"), "utf8")) as {
      scripts?: { start?: unknown };
    };
    if (typeof manifest.scripts?.start === "string") return "`npm start`";
  } catch {
    // No package.json: not a project yet.
  }
  return "`app run ./index.js` (your app's file)";
}

async function askFor(
  prompter: Prompter,
  spec: SetupValueSpec,
  known: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  if (spec.key === "WEBHOOK_SECRET" && known !== undefined) {
    // An existing secret is kept without showing it: others may see the screen.
    if (await prompter.confirm("Keep the webhook secret that is already set?", true)) return known;
    known = undefined;
  }
  return prompter.text(spec.message, {
    default: known ?? spec.suggest(env),
    validate: (value) => spec.validate(value),
  });
}

function validateKeyPath(value: string, cwd: string): true | string {
  if (value.trim() === "") return true;
  try {
    findPrivateKey({ filepath: value.trim(), env: {}, cwd });
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

function inputRequired(missing: readonly SetupValueSpec[], yes: boolean): AppError {
  const flags = missing.map((spec) => `${spec.flag} (${spec.key})`).join(", ");
  const why = yes
    ? "With --yes nothing is asked, and these values have no default"
    : "No terminal to ask on, and these values are not given";
  return new AppError("INPUT_REQUIRED", `${why}: ${flags}.`, {
    hint: yes
      ? `Pass ${missing.map((spec) => spec.flag).join(", ")}.`
      : "Pass them as flags or set them in .env, or add --yes to accept the defaults.",
  });
}

import { Writable } from "node:stream";
import { inspect } from "node:util";
import { isAppError, toError } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";
import { processEnv } from "../options/process-env.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { receive, type ReceiveApp } from "../receive/receive.js";

export type RunActionOptions = {
  /** Default `process.env`: the job's variables. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Where the app's files are resolved when apps are given as paths; default the working directory. */
  cwd?: string | undefined;
  /** Where the workflow commands go, one line each; default standard output. */
  write?: ((line: string) => void) | undefined;
};

/** The variables a job sets that the run cannot do without. */
const EVENT_VARIABLES = ["GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH"] as const;

/**
 * Runs the apps for the one event of a GitHub Actions job, as Probot's Actions adapter's `run(app)`:
 * the event from `GITHUB_EVENT_NAME` and `GITHUB_EVENT_PATH`, the client authenticated with the
 * job's token (`GITHUB_TOKEN`, or the action's input `github_token` or `token`), against
 * `GITHUB_API_URL` (GitHub Enterprise too). Log lines are written as workflow commands (warnings
 * and errors become annotations; debug lines show when the job runs with debug logging), scrubbed
 * of secrets. It never rejects: a missing token or variable, or a failed handler, is written as
 * one `::error::` line and fails the step (`process.exitCode = 1`).
 *
 * @example
 * const { run } = require("gh-app-kit/actions");
 * run(require("./app.js"));
 */
export async function run(apps: ReceiveApp | ReadonlyArray<ReceiveApp>, options: RunActionOptions = {}): Promise<void> {
  const env = options.env ?? processEnv();
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const fail = (message: string) => {
    write(workflowCommand("error", scrubSecrets(message)));
    process.exitCode = 1;
  };
  const token = firstSet(env, ["GITHUB_TOKEN", "INPUT_GITHUB_TOKEN", "INPUT_TOKEN"]);
  if (token === undefined) {
    fail(
      "No token for the app's client: pass the job's token as `env: { GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }} }`, or as the action's input `github_token` or `token`.",
    );
    return;
  }
  const missing = EVENT_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    fail(
      `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not set: run() reads the event a GitHub Actions job sets; outside a job, use \`app receive -e EVENT -p PAYLOAD\`.`,
    );
    return;
  }
  try {
    await receive({
      apps: isList(apps) ? apps : [apps],
      env,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      token,
      // GHE_HOST, when set, says where the API is; else the job's own API address.
      baseUrl: ENV_BINDINGS.baseUrl.read(env) === undefined ? ENV_BINDINGS.githubApiUrl.read(env) : undefined,
      // LOG_LEVEL, when set, wins over the job's debug logging.
      logLevel:
        ENV_BINDINGS.logLevel.read(env) === undefined && ENV_BINDINGS.runnerDebug.read(env) ? "debug" : undefined,
      logFormat: "json",
      logLevelInString: false,
      logMessageKey: "msg",
      logDestination: workflowCommands(write),
    });
  } catch (error) {
    // The handlers' messages (EVENT_HANDLER_FAILED) or what was wrong with the event, and what to do.
    const failure = toError(error);
    const hint = isAppError(failure) ? failure.hint : undefined;
    fail(hint ? `${failure.message} ${hint}` : failure.message);
  }
}

function isList(apps: ReceiveApp | ReadonlyArray<ReceiveApp>): apps is ReadonlyArray<ReceiveApp> {
  return Array.isArray(apps);
}

function firstSet(env: NodeJS.ProcessEnv, names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

type Command = "debug" | "info" | "warning" | "error";

/** A workflow command's line: its data with `%`, CR and LF escaped, as the runner reads it back. */
function workflowCommand(command: Command, text: string): string {
  if (command === "info") return text;
  const data = text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  return `::${command}::${data}`;
}

function commandOf(level: unknown): Command {
  if (typeof level !== "number" || level >= 50) return "error";
  if (level >= 40) return "warning";
  if (level >= 30) return "info";
  return "debug";
}

/**
 * What is left of a JSON log line beside its message: an error's type and message, and the fields
 * the app logged (not the delivery's `id` every context's line carries: the job is the delivery).
 */
function detailsOf(fields: Record<string, unknown>): string {
  const { err, id: _id, ...rest } = fields;
  const parts: string[] = [];
  if (err && typeof err === "object") {
    const { type, message } = err as { type?: unknown; message?: unknown };
    parts.push(`${typeof type === "string" ? type : "Error"}: ${String(message)}`);
  }
  if (Object.keys(rest).length > 0) parts.push(inspect(rest, { depth: 6, breakLength: Infinity }));
  return parts.join("\n");
}

/** The logger's destination: each JSON line (scrubbed before it gets here) becomes one workflow command. */
function workflowCommands(write: (line: string) => void): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split("\n")) {
        if (line.trim() === "") continue;
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(line) as Record<string, unknown>;
        } catch {
          write(line);
          continue;
        }
        const { level, time: _time, pid: _pid, hostname: _hostname, name: _name, msg, ...fields } = record;
        const details = detailsOf(fields);
        const text = [typeof msg === "string" ? msg : "", details].filter(Boolean).join("\n");
        write(workflowCommand(commandOf(level), text));
      }
      done();
    },
  });
}

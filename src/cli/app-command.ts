import { Command } from "@oclif/core/command";
import { isAppError, toError } from "../errors.js";
import { whenLogsWritten } from "../log/create-pretty-stream.js";
import { scrubSecrets } from "../log/secrets.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { describeAppError, toOneLine } from "./describe-app-error.js";
import { closest } from "./hooks/command-not-found.js";

export { addUsageErrors } from "./describe-app-error.js";

/** An `AppError` leaves as one line and its hint, never a stack trace. */
export abstract class AppCommand extends Command {
  protected override async catch(thrown: Error & { exitCode?: number; oclif?: { exit?: number } }): Promise<unknown> {
    // An app's own failure may be anything it threw (a string too), holding a secret it read.
    const error = toError(thrown) as typeof thrown;
    await whenLogsWritten();
    if (isAppError(error)) {
      const { lines, exitCode } = describeAppError(error, this.#helpLine());
      for (const line of lines) this.logToStderr(line);
      this.exit(exitCode);
    }
    if (isParseError(error)) {
      // oclif wraps these over several lines, adds "See more help" and may print
      // the whole help; one line that says what is allowed is clearer.
      const message = toOneLine(error.message);
      const said = `${message}${this.#fromEnvironment(error.message)}${this.#flagSuggestion(message)}`;
      this.logToStderr(scrubSecrets(`Error: ${said}${/[.?!]$/.test(said) ? "" : "."} ${this.#helpLine()}`));
      this.exit(2);
    }
    if (error.oclif !== undefined) return super.catch(error); // this.error(), exit()
    const verbose =
      /^(debug|trace)$/i.test(process.env[ENV_BINDINGS.logLevel.variable] ?? "") || Boolean(process.env.DEBUG);
    this.error(scrubSecrets(verbose && error.stack ? error.stack : error.message || String(error)), { exit: 1 });
  }

  #helpLine(): string {
    return `See "${this.config.bin}${this.id ? ` ${this.id.replaceAll(":", " ")}` : ""} --help".`;
  }

  /** " Did you mean --port?" for a mistyped flag. */
  #flagSuggestion(message: string): string {
    const typed = /^Nonexistent flags?: (--?[\w-]+)/.exec(message)?.[1];
    if (typed === undefined) return "";
    const flags = (this.constructor as typeof Command).flags as Record<string, { char?: string }> | undefined;
    const nearest = closest(typed.replace(/^-+/, ""), Object.keys(flags ?? {}));
    return nearest ? `. Did you mean --${nearest}?` : "";
  }

  /** " (from LOG_LEVEL)": the user must know the bad value came from a variable. */
  #fromEnvironment(message: string): string {
    const name = /--([a-z][a-z-]*)/.exec(message)?.[1];
    const flags = (this.constructor as typeof Command).flags as
      Record<string, { env?: string; char?: string }> | undefined;
    const flag = name === undefined ? undefined : flags?.[name];
    if (!flag?.env || process.env[flag.env] === undefined) return "";
    const onCommandLine = this.argv.some(
      (arg) =>
        arg === `--${name}` ||
        arg.startsWith(`--${name}=`) ||
        (flag.char !== undefined && arg.startsWith(`-${flag.char}`)),
    );
    return onCommandLine ? "" : ` (from ${flag.env} in the environment)`;
  }
}

/** A flag or argument oclif could not parse: its errors carry `parse`, or name the flag first. */
function isParseError(error: Error): boolean {
  return "parse" in error || /^(Parsing --|Flag --\S+ expects a value)/.test(error.message);
}

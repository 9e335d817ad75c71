import { parseArgs } from "node:util";
import { isAppError, AppError } from "../errors.js";
import { createNewApp } from "../scaffold/create-new-app.js";
import { DEVELOPMENT_VERSION } from "../scaffold/get-framework-spec.js";
import { PACKAGE_MANAGERS } from "../scaffold/package-manager.js";
import { addUsageErrors, describeAppError, toOneLine } from "./describe-app-error.js";

// `npm create gh-app-kit NAME [flags]`: `app new` without oclif, so that the create-gh-app-kit
// package can carry it in one file with no dependency of its own (see its build.mjs). npm then
// installs the initializer on every supported Node without a warning; the framework and its
// dependencies are installed in the new app, where the framework's `overrides` apply.

/** What a packed initializer carries instead of finding the framework around it. */
export type PackedFramework = {
  /** Its copy of the framework's templates. */
  templatesDir: string;
  /** The framework version it was packed with; the app depends on `^version`. */
  version: string;
  /** The framework's own `overrides`, written into the app. */
  overrides: Record<string, string>;
};

export type InitializerOptions = {
  /** Absent in a clone: the templates, version and overrides are then the clone's, as for `app new`. */
  packed?: PackedFramework | undefined;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  /** Whether questions can be asked; default: stdin and stdout are terminals. */
  interactive?: boolean;
};

const HELP_LINE = 'See "npm create gh-app-kit -- --help".';

const USAGE = `Create a new app from a template, ready to install, test and run (app new of gh-app-kit).

USAGE
  npm create gh-app-kit@latest NAME -- [flags]

FLAGS
  --template NAME     typescript (default), javascript, cloudflare-worker, vercel or aws-lambda
  --description TEXT  One line saying what the app does (package.json description).
  --author TEXT       The author, e.g. "Jane Doe <jane@example.com>".
  --framework SPEC    npm spec of the gh-app-kit dependency: a version, or file: with a folder or a
                      tarball made by npm pack; default: the version of this initializer.
  --package-manager NAME
                      npm, pnpm, yarn or bun: installs the app, and its README and next steps give
                      its commands; default: the one that runs this (pnpm create, yarn create,
                      bun create), else npm.
  -y, --yes           Ask nothing: take the defaults for what the flags do not give.
  --force             Write into the folder even when it is not empty.
  --no-install        Do not install the dependencies in the new folder.`;

/**
 * Runs `app new` with the command line of `npm create gh-app-kit` and resolves with the exit code:
 * 0, 1 for a failure, 2 for a usage error. Errors are one line and a hint, never a stack.
 *
 * @example
 * process.exitCode = await runInitializer(process.argv.slice(2));
 */
export async function runInitializer(argv: readonly string[], options: InitializerOptions = {}): Promise<number> {
  const out = options.stdout ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));
  addUsageErrors("APP_NAME_INVALID", "DIRECTORY_NOT_EMPTY", "INPUT_REQUIRED", "TEMPLATE_NOT_FOUND");
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        template: { type: "string" },
        description: { type: "string" },
        author: { type: "string" },
        framework: { type: "string" },
        "package-manager": { type: "string" },
        yes: { type: "boolean", short: "y" },
        force: { type: "boolean" },
        install: { type: "boolean", default: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    err(`Error: ${toOneLine((error as Error).message)} ${HELP_LINE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const manager = values["package-manager"];
  if (manager !== undefined && !(PACKAGE_MANAGERS as readonly string[]).includes(manager)) {
    err(`Error: --package-manager ${manager}: expected one of ${PACKAGE_MANAGERS.join(", ")}. ${HELP_LINE}`);
    return 2;
  }
  if (positionals.length > 1) {
    err(`Error: Give one NAME; also got ${positionals.slice(1).join(" ")}. ${HELP_LINE}`);
    return 2;
  }
  const env = options.env ?? process.env;
  let installer = "npm";
  try {
    const { packed } = options;
    await createNewApp({
      name: positionals[0],
      template: values.template,
      description: values.description,
      author: values.author,
      framework: values.framework ?? (packed ? releasedFramework(packed.version) : undefined),
      overrides: packed?.overrides,
      templatesDir: packed?.templatesDir,
      yes: values.yes,
      force: values.force,
      install: values.install,
      packageManager: manager,
      interactive: options.interactive ?? Boolean(process.stdin.isTTY && process.stdout.isTTY),
      cwd: options.cwd ?? process.cwd(),
      env,
      print: out,
      onInstallStart: (name) => {
        installer = name;
        out(`Installing dependencies with ${name}...`);
      },
      onInstallLine: (line) => out(`  ${installer}: ${line}`),
    });
    return 0;
  } catch (error) {
    if (!isAppError(error)) {
      err(`Error: ${toOneLine(error instanceof Error ? error.message : String(error))}`);
      return 1;
    }
    const { lines, exitCode } = describeAppError(error, HELP_LINE);
    lines.forEach((line) => err(line));
    return exitCode;
  }
}

/** `^version`; an unreleased build has no version on the registry, so it needs --framework. */
function releasedFramework(version: string): string {
  if (version !== DEVELOPMENT_VERSION) return `^${version}`;
  throw new AppError(
    "INPUT_REQUIRED",
    `This create-gh-app-kit is an unreleased build (${version}): no gh-app-kit of that version is on the registry.`,
    {
      hint:
        "Pack gh-app-kit in its clone (npm pack) and pass --framework file:/path/to/gh-app-kit-0.0.0-development.tgz, " +
        "or run npm create gh-app-kit@latest.",
    },
  );
}

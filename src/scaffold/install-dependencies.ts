import { execFile, spawn } from "node:child_process";
import { basename } from "node:path";
import { AppError } from "../errors.js";
import { processEnv } from "../options/process-env.js";
import {
  howToInstall,
  installArguments,
  packageManagerCommands,
  packageManagerFromUserAgent,
  type PackageManager,
} from "./package-manager.js";

export type InstallDependenciesOptions = {
  directory: string;
  /** Default npm. */
  manager?: PackageManager | undefined;
  /** Each line the package manager prints, as it comes: for showing progress. */
  onLine?: ((line: string) => void) | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Default 10 minutes. */
  timeoutMs?: number;
};

export function installDependencies({
  directory,
  manager = { name: "npm" },
  onLine,
  env = processEnv(),
  timeoutMs = 600_000,
}: InstallDependenciesOptions): Promise<void> {
  const { name } = manager;
  const install = packageManagerCommands(manager).install;
  return new Promise((resolve, reject) => {
    const [file, args, shell] = command(manager, installArguments(manager), env);
    const child = spawn(file, args, {
      cwd: directory,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      shell,
      timeout: timeoutMs,
    });
    const stdout = splitLines(onLine);
    const stderr = splitLines(onLine);
    child.stdout.on("data", stdout.push);
    child.stderr.on("data", stderr.push);
    const failed = (reason: string, cause?: unknown) =>
      new AppError("INSTALL_FAILED", `${install} ${reason} in ${directory}.`, {
        hint: `The app's files are in place: fix what ${name} reported, then run ${install} in ${directory}.`,
        cause,
      });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? notInstalled(manager, directory)
          : failed(`could not start (${error.message})`, error),
      ),
    );
    child.on("close", (code, signal) => {
      stdout.flush();
      stderr.flush();
      if (code === 0) resolve();
      else reject(failed(signal ? `was stopped (${signal})` : `failed with exit code ${code}`));
    });
  });
}

/**
 * The version of the package manager that would install in `directory` (`yarn --version`, `pnpm --version`, which
 * corepack answers for the version the folder asks for), with yarn's line; nothing when it does not answer.
 */
export function packageManagerVersion(
  manager: PackageManager,
  directory: string,
  env: NodeJS.ProcessEnv = processEnv(),
): Promise<Partial<PackageManager>> {
  const [file, args, shell] = command(manager, ["--version"], env);
  return new Promise((resolve) => {
    const child = execFile(file, args, { cwd: directory, env, shell, timeout: 60_000 }, (error, stdout) => {
      const version = /^\d+\.\S*/.exec(stdout.trim())?.[0];
      if (error || !version) return resolve({});
      resolve({ version, ...(manager.name === "yarn" && { yarn: version.startsWith("1.") ? "classic" : "berry" }) });
    });
    // Nothing to answer: a question (corepack's "Do you want to continue?") reads the end of input.
    child.stdin?.end();
  });
}

/**
 * The package manager's command: the very one that runs this (its \`npm_execpath\`, so that \`yarn create\` of a
 * project's own yarn 4 installs with that yarn, not another on PATH), else its name on PATH.
 */
function command(manager: PackageManager, args: string[], env: NodeJS.ProcessEnv): [string, string[], boolean] {
  const running = packageManagerFromUserAgent(env.npm_config_user_agent);
  const execpath = env.npm_execpath;
  if (running?.name === manager.name && execpath && basename(execpath).startsWith(manager.name)) {
    if (/\.[cm]?js$/.test(execpath)) return [process.execPath, [execpath, ...args], false];
    return [execpath, args, false];
  }
  // npm, pnpm and yarn are .cmd files on Windows, which only a shell runs.
  return [manager.name, args, process.platform === "win32"];
}

function notInstalled(manager: PackageManager, directory: string): AppError {
  const { name } = manager;
  const other = name === "npm" ? "pnpm install, yarn install or bun install" : "npm install";
  return new AppError(
    "INSTALL_FAILED",
    `${name} is not installed (there is no ${name} command), so the app's dependencies were not installed.`,
    {
      hint:
        `The app's files are in place in ${directory}: install ${name} (${howToInstall(manager)}) and run ` +
        `${packageManagerCommands(manager).install} there, or install them with another package manager (${other} there).`,
    },
  );
}

function splitLines(onLine: ((line: string) => void) | undefined) {
  let rest = "";
  const emit = (line: string) => {
    if (line.trim() !== "") onLine?.(line);
  };
  return {
    push: (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split(/\r?\n/);
      rest = parts.pop() ?? "";
      parts.forEach(emit);
    },
    flush: () => {
      emit(rest);
      rest = "";
    },
  };
}

import { type PackageOverrides, toYarnResolutions } from "../helpers/package-overrides.js";

// The package manager a new app is installed with and its commands are written for: the one that
// runs `app new` (`pnpm create gh-app-kit`, `yarn create`, `bun create`, `pnpm dlx gh-app-kit new`),
// read from the user agent every package manager sets for what it runs, or `--package-manager`.

export const PACKAGE_MANAGERS = ["npm", "pnpm", "yarn", "bun"] as const;

export type PackageManagerName = (typeof PACKAGE_MANAGERS)[number];

export type PackageManager = {
  name: PackageManagerName;
  /** The version in the user agent, when this package manager runs the command. */
  version?: string | undefined;
  /** yarn 1, or yarn 2 and later (berry), which differ in `resolutions`, `dlx` and Plug'n'Play. */
  yarn?: "classic" | "berry" | undefined;
};

/** `pnpm/9.15.9 npm/? node/v20.20.2 linux x64`: the package manager and its version, when it is one of ours. */
export function packageManagerFromUserAgent(
  userAgent: string | undefined,
): { name: PackageManagerName; version: string } | undefined {
  const match = /^(npm|pnpm|yarn|bun)\/(\d+[^\s]*)/.exec(userAgent ?? "");
  if (!match) return undefined;
  return { name: match[1] as PackageManagerName, version: match[2]! };
}

/**
 * The package manager of a new app: `chosen` (`--package-manager`), else the one that runs the command
 * (`npm_config_user_agent`), else npm. yarn's line comes from the user agent when yarn runs it; yarn chosen
 * otherwise is taken for yarn 1, the one `npm install -g yarn` and corepack's default give.
 */
export function resolvePackageManager(chosen: string | undefined, env: NodeJS.ProcessEnv): PackageManager {
  const running = packageManagerFromUserAgent(env.npm_config_user_agent);
  const name = (chosen as PackageManagerName | undefined) ?? running?.name ?? "npm";
  const version = running?.name === name ? running.version : undefined;
  if (name !== "yarn") return { name, version };
  return { name, version, yarn: version === undefined || version.startsWith("1.") ? "classic" : "berry" };
}

/** The commands a README and the printed next steps give, for the app's package manager. */
export type PackageManagerCommands = {
  /** `npm install`. */
  install: string;
  /** A script of package.json: `npm test`, `npm start`, `npm run build`. */
  script: (name: string) => string;
  /** A command of the app's own dependencies: `npx app`, `pnpm exec app`, `yarn app`, `bunx app`. */
  exec: (command: string) => string;
};

export function packageManagerCommands({ name }: PackageManager): PackageManagerCommands {
  switch (name) {
    case "pnpm":
      return {
        install: "pnpm install",
        script: (script) => (script === "test" || script === "start" ? `pnpm ${script}` : `pnpm run ${script}`),
        exec: (command) => `pnpm exec ${command}`,
      };
    case "yarn":
      return { install: "yarn install", script: (script) => `yarn ${script}`, exec: (command) => `yarn ${command}` };
    case "bun":
      // `bun test` is bun's own test runner, not the script: every script goes through `bun run`.
      return { install: "bun install", script: (script) => `bun run ${script}`, exec: (command) => `bunx ${command}` };
    default:
      return {
        install: "npm install",
        script: (script) => (script === "test" || script === "start" ? `npm ${script}` : `npm run ${script}`),
        exec: (command) => `npx ${command}`,
      };
  }
}

/** The arguments of the install command, after the package manager's name. */
export function installArguments({ name }: PackageManager): string[] {
  return name === "npm" ? ["install", "--no-audit", "--no-fund"] : ["install"];
}

/** How to get a package manager that is not installed. */
export function howToInstall({ name }: PackageManager): string {
  switch (name) {
    case "pnpm":
      return "npm install -g pnpm, or corepack enable pnpm";
    case "yarn":
      return "npm install -g yarn, or corepack enable yarn";
    case "bun":
      return "npm install -g bun, or see https://bun.sh";
    default:
      return "it comes with Node.js: https://nodejs.org";
  }
}

/**
 * What the app's package.json gets besides npm's `overrides` (kept for every package manager), so that
 * the framework's pins reach the package manager that installs it: yarn reads `resolutions`, pnpm
 * `pnpm.overrides` (`"parent>dependency"`); bun applies npm's top-level `overrides` only, and installs
 * whatever `engines` say, as pnpm does.
 */
export function packageManagerPins(
  manager: PackageManager,
  pins: PackageOverrides,
): { resolutions?: Record<string, string>; pnpm?: { overrides: Record<string, string> } } {
  if (Object.keys(pins).length === 0) return {};
  if (manager.name === "yarn") return { resolutions: toYarnResolutions(pins, manager.yarn ?? "classic") };
  if (manager.name === "pnpm") {
    const overrides = Object.fromEntries(
      Object.entries(pins).flatMap(([name, spec]) =>
        typeof spec === "string"
          ? [[name, spec]]
          : Object.entries(spec).map(([dependency, nested]) => [`${name}>${dependency}`, nested]),
      ),
    );
    return { pnpm: { overrides } };
  }
  return {};
}

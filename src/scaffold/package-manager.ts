import { type PackageOverrides, toPnpmOverrides, toYarnResolutions } from "../helpers/package-overrides.js";

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

/** What the app gets for its package manager: entries of its package.json, and files beside it. */
export type PackageManagerSettings = {
  manifest: {
    resolutions?: Record<string, string>;
    pnpm?: { overrides: Record<string, string> };
    packageManager?: string;
  };
  files: Record<string, string>;
};

/**
 * What the app gets besides npm's `overrides` (kept for every package manager), so that the framework's pins and
 * the templates' `allowScripts` (npm's) reach the package manager that installs it:
 * - yarn: the pins as `resolutions` (yarn 1 refuses a package whose engines exclude the running Node); yarn 2 and
 *   later also `.yarnrc.yml` with `nodeLinker: node-modules` (under Plug'n'Play mocha 12 cannot load its own
 *   modules), an empty `yarn.lock` (a project of its own inside another's folder) and `packageManager`;
 * - pnpm 9 and earlier: `pnpm.overrides` in package.json (`"parent>dependency"`; a pnpm-workspace.yaml without
 *   `packages` is refused); pnpm 10: pnpm-workspace.yaml with `overrides` and `ignoredBuiltDependencies`; pnpm 11
 *   and later, which read no `pnpm` field and stop at a build script nothing approves or denies: pnpm-workspace.yaml
 *   with `overrides` and `allowBuilds`. An unknown pnpm is taken for the newest;
 * - bun applies npm's top-level `overrides` only, and installs whatever `engines` say, as pnpm does: nothing more.
 */
export function packageManagerSettings(
  manager: PackageManager,
  pins: PackageOverrides,
  allowScripts: Record<string, boolean>,
): PackageManagerSettings {
  const settings: PackageManagerSettings = { manifest: {}, files: {} };
  const pinned = Object.keys(pins).length > 0;
  if (manager.name === "yarn") {
    if (pinned) settings.manifest.resolutions = toYarnResolutions(pins, manager.yarn ?? "classic");
    if (manager.yarn === "berry") {
      if (manager.version) settings.manifest.packageManager = `yarn@${manager.version}`;
      settings.files[".yarnrc.yml"] = "nodeLinker: node-modules\n";
      settings.files["yarn.lock"] = "";
    }
  }
  if (manager.name === "pnpm") {
    const overrides = toPnpmOverrides(pins);
    const major = Number(/^\d+/.exec(manager.version ?? "")?.[0] ?? Infinity);
    if (major <= 9) {
      if (pinned) settings.manifest.pnpm = { overrides };
      return settings;
    }
    const yaml = (entries: Record<string, unknown>) =>
      Object.entries(entries)
        .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}\n`)
        .join("");
    let text = pinned ? `overrides:\n${yaml(overrides)}` : "";
    const declined = Object.keys(allowScripts).filter((name) => allowScripts[name] === false);
    if (major === 10) {
      if (declined.length > 0) text += `ignoredBuiltDependencies:\n${declined.map((name) => `  - ${name}\n`).join("")}`;
    } else if (Object.keys(allowScripts).length > 0) text += `allowBuilds:\n${yaml(allowScripts)}`;
    if (text) settings.files["pnpm-workspace.yaml"] = text;
  }
  return settings;
}

import { readFileSync } from "node:fs";
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { AppError } from "../errors.js";
import { processEnv } from "../options/process-env.js";
import { createPrompter, type Prompter } from "../setup-wizard/prompter.js";
import { checkTargetDirectory } from "./check-target-directory.js";
import { copyTemplate } from "./copy-template.js";
import { getFrameworkSpec } from "./get-framework-spec.js";
import { installDependencies, packageManagerVersion } from "./install-dependencies.js";
import { frameworkOverrides, placeLocalFramework, planLocalFramework } from "./local-framework.js";
import { DEFAULT_TEMPLATE, getTemplatesDir, listTemplates } from "./list-templates.js";
import { checkAppName, validateAppName } from "./validate-app-name.js";
import { readPackageOverrides, type PackageOverrides } from "../helpers/package-overrides.js";
import {
  PACKAGE_MANAGERS,
  packageManagerCommands,
  packageManagerSettings,
  resolvePackageManager,
  type PackageManager,
  type PackageManagerCommands,
  type PackageManagerName,
} from "./package-manager.js";

export const DEFAULT_DESCRIPTION = "A GitHub App built with gh-app-kit";

export type NewAppOptions = {
  /** The npm package name; also the folder's name (without a scope). */
  name?: string | undefined;
  template?: string | undefined;
  description?: string | undefined;
  author?: string | undefined;
  /**
   * Dependency spec of the framework; default from `getFrameworkSpec()`. A
   * `file:` spec may name a folder or a tarball; one inside npm's cache is
   * copied into the app.
   */
  framework?: string | undefined;
  /** `overrides` written to the app's package.json; default the framework's own. */
  overrides?: PackageOverrides | undefined;
  /** Ask nothing; defaults for what is not given. */
  yes?: boolean | undefined;
  force?: boolean | undefined;
  /** Default true: install the app's dependencies in the new folder. */
  install?: boolean | undefined;
  /**
   * npm, pnpm, yarn or bun: what installs the app, and whose commands its README and the next steps give.
   * Default: the one that runs this (`npm_config_user_agent`: `pnpm create`, `yarn create`, `bun create`), else npm.
   */
  packageManager?: string | undefined;
  /** Whether questions can be asked (a terminal). */
  interactive: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  prompter?: Prompter | undefined;
  templatesDir?: string | undefined;
  print?: (line: string) => void;
  /** Called before the install (with the package manager's name), with each line it prints, and when it ended. */
  onInstallStart?: (packageManager: PackageManagerName) => void;
  onInstallLine?: (line: string) => void;
  onInstallEnd?: (ok: boolean) => void;
};

export type NewAppResult = { directory: string; template: string; files: string[]; installed: boolean };

export async function createNewApp(options: NewAppOptions): Promise<NewAppResult> {
  const cwd = options.cwd ?? process.cwd();
  const prompter = options.interactive && !options.yes ? (options.prompter ?? createPrompter()) : undefined;
  const print = options.print ?? (() => undefined);
  const env = options.env ?? processEnv();
  if (
    options.packageManager !== undefined &&
    !(PACKAGE_MANAGERS as readonly string[]).includes(options.packageManager)
  ) {
    throw new AppError(
      "OPTION_INVALID",
      `--package-manager ${options.packageManager}: expected one of ${PACKAGE_MANAGERS.join(", ")}.`,
      { hint: "Pick one of them, or leave it out to use the one that runs app new (npm by default)." },
    );
  }
  let manager = resolvePackageManager(options.packageManager, env);
  const commands = packageManagerCommands(manager);

  const name = options.name ?? (await askName(prompter));
  validateAppName(name);
  const directory = join(cwd, name.replace(/^@[^/]+\//, ""));
  checkTargetDirectory(directory, { force: Boolean(options.force) });

  const templatesDir = options.templatesDir ?? getTemplatesDir();
  const templates = listTemplates(templatesDir);
  const template =
    options.template ??
    (prompter
      ? await prompter.select(
          "Template",
          templates.map((t) => ({ value: t.name, name: t.name, description: t.description })),
          DEFAULT_TEMPLATE,
        )
      : DEFAULT_TEMPLATE);
  if (!templates.some((t) => t.name === template)) {
    throw new AppError("TEMPLATE_NOT_FOUND", `There is no template "${template}".`, {
      hint: `Use one of: ${templates.map((t) => t.name).join(", ")}.`,
    });
  }
  const description =
    options.description ??
    (prompter ? await prompter.text("Description", { default: DEFAULT_DESCRIPTION }) : DEFAULT_DESCRIPTION);
  const author = options.author ?? (prompter ? await prompter.text("Author (name <email>)", { default: "" }) : "");

  const plan = planLocalFramework(options.framework ?? getFrameworkSpec(), directory, options.env);
  const framework = plan.spec;
  const files = await copyTemplate({
    templatesDir,
    template,
    directory,
    values: {
      name,
      description,
      author,
      framework,
      tryIt: tryItCommand(templatesDir, template, commands),
      install: commands.install,
      test: commands.script("test"),
      start: commands.script("start"),
      dev: commands.script("dev"),
      deploy: commands.script("deploy"),
      app: commands.exec("app"),
    },
  });
  await placeLocalFramework(plan, directory);
  const install = options.install ?? true;
  // Chosen by the flag: the version that installs the app (yarn 1 or later, pnpm 9, 10 or later) decides the form of
  // its settings.
  if ((manager.name === "yarn" || manager.name === "pnpm") && manager.version === undefined) {
    manager = { ...manager, ...(await packageManagerVersion(manager, directory, env)) };
  }
  const pins = options.overrides ?? frameworkOverrides();
  files.push(...(await addPackageManagerFiles(directory, pins, manager)));
  print(`Created ${name} from the ${template} template in ${directory} (${files.length} files).`);

  if (install) {
    options.onInstallStart?.(manager.name);
    try {
      await installDependencies({ directory, manager, onLine: options.onInstallLine, env });
    } catch (error) {
      options.onInstallEnd?.(false);
      throw error;
    }
    options.onInstallEnd?.(true);
  }
  const folder = relative(cwd, directory) || ".";
  print(
    `Next: cd ${folder}${install ? "" : ` && ${commands.install}`}, then ${commands.script("test")}, ` +
      `and ${commands.script("start")} to register the app on GitHub.`,
  );
  return { directory, template, files, installed: install };
}

/**
 * The framework's pins (see frameworkOverrides) and the template's own as npm's `overrides`, and what the app's
 * package manager reads instead (packageManagerSettings: yarn's `resolutions`, pnpm's settings, yarn 2's
 * `.yarnrc.yml`). Resolves with the files added.
 */
async function addPackageManagerFiles(
  directory: string,
  overrides: PackageOverrides,
  manager: PackageManager,
): Promise<string[]> {
  const path = join(directory, "package.json");
  const manifest = JSON.parse(await readFile(path, "utf8")) as {
    overrides?: Record<string, unknown>;
    resolutions?: Record<string, unknown>;
    pnpm?: { overrides?: Record<string, unknown> };
    packageManager?: string;
    allowScripts?: Record<string, boolean>;
  };
  manifest.overrides = { ...overrides, ...manifest.overrides };
  const settings = packageManagerSettings(manager, readPackageOverrides(manifest.overrides), {
    ...manifest.allowScripts,
  });
  const { resolutions, pnpm, packageManager } = settings.manifest;
  if (resolutions) manifest.resolutions = { ...resolutions, ...manifest.resolutions };
  if (pnpm) manifest.pnpm = { ...manifest.pnpm, overrides: { ...pnpm.overrides, ...manifest.pnpm?.overrides } };
  if (packageManager) manifest.packageManager = packageManager;
  if (Object.keys(manifest.overrides).length === 0) delete manifest.overrides;
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [file, text] of Object.entries(settings.files)) await writeFile(join(directory, file), text);
  if (manager.yarn === "berry") await appendFile(join(directory, ".gitignore"), ".yarn/install-state.gz\n");
  return Object.keys(settings.files);
}

/** The README's first command: the template's app on its saved payload, as a dry run (built first when it builds). */
function tryItCommand(templatesDir: string, template: string, commands: PackageManagerCommands): string {
  const manifest = JSON.parse(readFileSync(join(templatesDir, template, "package.json"), "utf8")) as {
    main?: string;
    scripts?: Record<string, string>;
  };
  const main = `./${(manifest.main ?? "index.js").replace(/^\.\//, "")}`;
  const build = manifest.scripts?.build ? `${commands.script("build")} && ` : "";
  return `${build}${commands.exec("app")} receive --dry-run -e issues.opened -p test/fixtures/issues.opened.json ${main}`;
}

async function askName(prompter: Prompter | undefined): Promise<string> {
  if (!prompter) {
    throw new AppError("INPUT_REQUIRED", "No NAME was given for the new app.", {
      hint: "Pass the name: app new my-app.",
    });
  }
  return prompter.text("Name of the app (an npm package name)", { validate: checkAppName });
}

import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { AppError } from "../errors.js";
import { processEnv } from "../options/process-env.js";
import { createPrompter, type Prompter } from "../setup-wizard/prompter.js";
import { checkTargetDirectory } from "./check-target-directory.js";
import { copyTemplate } from "./copy-template.js";
import { getFrameworkSpec } from "./get-framework-spec.js";
import { installDependencies } from "./install-dependencies.js";
import { frameworkOverrides, placeLocalFramework, planLocalFramework } from "./local-framework.js";
import { DEFAULT_TEMPLATE, getTemplatesDir, listTemplates } from "./list-templates.js";
import { checkAppName, validateAppName } from "./validate-app-name.js";
import { readPackageOverrides, toYarnResolutions, type PackageOverrides } from "../helpers/package-overrides.js";

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
  /** Default true: run `npm install` in the new folder. */
  install?: boolean | undefined;
  /** Whether questions can be asked (a terminal). */
  interactive: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  prompter?: Prompter | undefined;
  templatesDir?: string | undefined;
  print?: (line: string) => void;
  /** Called before `npm install`, with each line npm prints, and when it ended. */
  onInstallStart?: () => void;
  onInstallLine?: (line: string) => void;
  onInstallEnd?: (ok: boolean) => void;
};

export type NewAppResult = { directory: string; template: string; files: string[]; installed: boolean };

export async function createNewApp(options: NewAppOptions): Promise<NewAppResult> {
  const cwd = options.cwd ?? process.cwd();
  const prompter = options.interactive && !options.yes ? (options.prompter ?? createPrompter()) : undefined;
  const print = options.print ?? (() => undefined);

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
    values: { name, description, author, framework, tryIt: tryItCommand(templatesDir, template) },
  });
  await placeLocalFramework(plan, directory);
  await addOverrides(
    join(directory, "package.json"),
    options.overrides ?? frameworkOverrides(),
    yarnRunning(options.env ?? processEnv()),
  );
  print(`Created ${name} from the ${template} template in ${directory} (${files.length} files).`);

  const install = options.install ?? true;
  if (install) {
    options.onInstallStart?.();
    try {
      await installDependencies({ directory, onLine: options.onInstallLine, env: options.env });
    } catch (error) {
      options.onInstallEnd?.(false);
      throw error;
    }
    options.onInstallEnd?.(true);
  }
  const folder = relative(cwd, directory) || ".";
  print(
    `Next: cd ${folder}${install ? "" : " && npm install"}, then npm test, and npm start to register the app on GitHub.`,
  );
  return { directory, template, files, installed: install };
}

/**
 * What the framework pins for its own install (see frameworkOverrides), so the app installs without warnings too;
 * run by yarn (`yarn create`, `yarn app new`), these and the template's own pins as `resolutions` too: yarn reads no
 * `overrides`, and yarn 1 refuses a package whose engines exclude the running Node.
 */
async function addOverrides(
  path: string,
  overrides: PackageOverrides,
  yarn: "classic" | "berry" | undefined,
): Promise<void> {
  const manifest = JSON.parse(await readFile(path, "utf8")) as {
    overrides?: Record<string, unknown>;
    resolutions?: Record<string, unknown>;
  };
  manifest.overrides = { ...overrides, ...manifest.overrides };
  if (Object.keys(manifest.overrides).length === 0) return;
  if (yarn) {
    const pins = readPackageOverrides(manifest.overrides);
    manifest.resolutions = { ...toYarnResolutions(pins, yarn), ...manifest.resolutions };
  }
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Which yarn runs this command, from the user agent every package manager sets for what it runs. */
function yarnRunning(env: NodeJS.ProcessEnv): "classic" | "berry" | undefined {
  const version = /^yarn\/(\d+)\./.exec(env.npm_config_user_agent ?? "")?.[1];
  if (version === undefined) return undefined;
  return version === "1" ? "classic" : "berry";
}

/** The README's first command: the template's app on its saved payload, as a dry run (built first when it builds). */
function tryItCommand(templatesDir: string, template: string): string {
  const manifest = JSON.parse(readFileSync(join(templatesDir, template, "package.json"), "utf8")) as {
    main?: string;
    scripts?: Record<string, string>;
  };
  const main = `./${(manifest.main ?? "index.js").replace(/^\.\//, "")}`;
  const build = manifest.scripts?.build ? "npm run build && " : "";
  return `${build}npx app receive --dry-run -e issues.opened -p test/fixtures/issues.opened.json ${main}`;
}

async function askName(prompter: Prompter | undefined): Promise<string> {
  if (!prompter) {
    throw new AppError("INPUT_REQUIRED", "No NAME was given for the new app.", {
      hint: "Pass the name: app new my-app.",
    });
  }
  return prompter.text("Name of the app (an npm package name)", { validate: checkAppName });
}

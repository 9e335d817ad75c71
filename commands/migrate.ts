import { resolve } from "node:path";
import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { getFrameworkSpec } from "../src/scaffold/get-framework-spec.js";
import { frameworkOverrides, placeLocalFramework, planLocalFramework } from "../src/scaffold/local-framework.js";

export default class Migrate extends AppCommand {
  static override summary = "Move a Probot app to gh-app-kit: package.json, imports and renames.";

  static override description = [
    "Changes package.json (the probot dependency becomes gh-app-kit, `probot run`/`probot receive` scripts become `app run`/`app receive`),",
    "then every JavaScript and TypeScript file, tests included: imports and requires of probot, Probot → App, createProbot → createApp,",
    "ProbotOctokit and ProbotOctokitCore → AppClient, context.octokit → context.client, the options githubToken → platformToken and Octokit → Client,",
    "and JSDoc import('probot') types, through every way a file names the module (import, export from, require, import(), jest and vitest mocks).",
    "Files are edited on their syntax tree, so formatting and comments stay; a file is written only when a fresh parse shows that only the renames changed,",
    "otherwise it is left as it was and listed to do by hand. A second run changes nothing.",
    "Ends with a report of what changed and what it could not move (adapters, Probot APIs that do not exist here,",
    "app functions in Probot's shape (app) => or (app, { getRouter }) =>, with their line), each with a hint,",
    "and says when package-lock.json still places probot and must be made again (rm -rf node_modules package-lock.json && npm install).",
    "Exits 0 when done, 1 when a file could not be read or written, 2 when DIR has no package.json.",
  ].join("\n");

  static override examples = [
    {
      description: "See the changes as a diff, writing nothing:",
      command: "<%= config.bin %> <%= command.id %> --dry-run",
    },
    {
      description: "Move the app in ./my-probot-app, then run its tests:",
      command: "<%= config.bin %> <%= command.id %> ./my-probot-app && cd my-probot-app && npm install && npm test",
    },
    {
      description: "The report as JSON, with the dependency on a build of your own:",
      command: "<%= config.bin %> <%= command.id %> . --json --framework file:../gh-app-kit",
    },
  ];

  static override args = {
    dir: Args.string({ description: "The Probot app's folder, the one with its package.json.", default: "." }),
  };

  static override flags = {
    "dry-run": Flags.boolean({
      char: "n",
      summary: "Print the changes as a unified diff and the report; write nothing.",
    }),
    json: Flags.boolean({ summary: "Print the report (and with --dry-run the diff) as one JSON object." }),
    framework: Flags.string({
      summary:
        "npm spec of the gh-app-kit dependency; default: this version (or this folder, for a development build).",
      helpValue: "SPEC",
    }),
  };

  async run(): Promise<void> {
    addUsageErrors("PACKAGE_JSON_NOT_FOUND", "PACKAGE_JSON_INVALID");
    const { args, flags } = await this.parse(Migrate);
    // The parser (recast, Babel) loads with this command only, never for `app run`.
    const { migrateApp } = await import("../src/migrate/migrate-app.js");
    const { formatReport } = await import("../src/migrate/format-report.js");
    // A tarball or folder inside npm's cache is copied into the app, never depended on there.
    const plan = planLocalFramework(flags.framework ?? getFrameworkSpec(), resolve(args.dir));
    const report = await migrateApp({
      directory: args.dir,
      framework: plan.spec,
      dryRun: flags["dry-run"],
      overrides: frameworkOverrides(),
    });
    if (!report.dryRun && report.files.some((file) => file.file === "package.json")) {
      await placeLocalFramework(plan, report.directory);
    }
    if (flags.json) {
      const { diff, ...rest } = report;
      this.log(JSON.stringify(flags["dry-run"] ? report : rest, null, 2));
    } else {
      if (report.dryRun && report.diff)
        process.stdout.write(report.diff.endsWith("\n") ? `${report.diff}\n` : `${report.diff}\n\n`);
      this.log(formatReport(report));
    }
    if (report.files.some((file) => file.error !== undefined || file.writeError !== undefined)) this.exit(1);
  }
}

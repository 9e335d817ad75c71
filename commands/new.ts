import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { ux } from "@oclif/core/ux";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { createNewApp } from "../src/scaffold/create-new-app.js";
import { PACKAGE_MANAGERS } from "../src/scaffold/package-manager.js";

export default class New extends AppCommand {
  static override summary = "Create a new app from a template, ready to install, test and run.";

  // Whole paragraphs: oclif wraps them to the terminal's width.
  static override description = [
    "Writes a working app into ./NAME: a handler that comments on new issues, app.yml (the GitHub App manifest with " +
      "its events and permissions), .env.example, a README, a .gitignore, a start script (= app run) and a mocha + chai " +
      "test that needs no network. Then installs its dependencies, showing the progress.",
    "The package manager that installs it, and whose commands the README and the next steps give, is the one that " +
      "runs app new (pnpm create gh-app-kit, yarn create gh-app-kit, bun create gh-app-kit, pnpm dlx gh-app-kit new: " +
      "the npm_config_user_agent they set), else npm; --package-manager picks one. One that is not installed stops " +
      "app new after the files are written, saying how to get it and what to run in the folder. The app pins what " +
      "needs a newer Node than 20 as npm's overrides, as yarn's resolutions for yarn and as pnpm's overrides for pnpm " +
      "(package.json for pnpm 9, pnpm-workspace.yaml for pnpm 10 and later); " +
      "for yarn 2 and later it also gets .yarnrc.yml with nodeLinker: node-modules.",
    "Values the flags do not give are asked for in a terminal; without one (or with --yes) the defaults are taken.",
  ].join("\n\n");

  static override examples = [
    {
      description: "A TypeScript app in ./my-app, asking for the rest:",
      command: "<%= config.bin %> <%= command.id %> my-app",
    },
    {
      description: "A JavaScript app without questions, installed later:",
      command:
        '<%= config.bin %> <%= command.id %> my-app --template javascript --description "Labels new issues" --yes --no-install',
    },
    {
      description: "Install it with pnpm, and write pnpm's commands in its README:",
      command: "<%= config.bin %> <%= command.id %> my-app --package-manager pnpm",
    },
    {
      description: "Depend on a framework build of your own:",
      command: "<%= config.bin %> <%= command.id %> my-app --framework file:../gh-app-kit",
    },
    {
      description: "Depend on a tarball made by npm pack (before a release):",
      command: "<%= config.bin %> <%= command.id %> my-app --framework file:/tmp/gh-app-kit-0.0.0-development.tgz",
    },
  ];

  static override args = {
    name: Args.string({ description: "The app's npm package name, also the name of its folder." }),
  };

  static override flags = {
    template: Flags.option({
      options: ["typescript", "javascript", "cloudflare-worker", "vercel", "aws-lambda"] as const,
      summary:
        "The template: typescript (default), javascript, cloudflare-worker (a Cloudflare Worker), vercel (a Vercel function) or aws-lambda (an AWS Lambda function).",
    })(),
    description: Flags.string({
      summary: "One line saying what the app does (package.json description).",
      helpValue: "TEXT",
    }),
    author: Flags.string({ summary: 'The author, e.g. "Jane Doe <jane@example.com>".', helpValue: "TEXT" }),
    framework: Flags.string({
      summary:
        "npm spec of the gh-app-kit dependency: a version, or file: with a folder or a tarball made by npm pack; default: this version (or this folder, for a development build).",
      helpValue: "SPEC",
    }),
    "package-manager": Flags.option({
      options: PACKAGE_MANAGERS,
      summary:
        "npm, pnpm, yarn or bun: installs the app, and its README and next steps give its commands; default: the one that runs app new (npm_config_user_agent), else npm.",
      helpValue: "NAME",
    })(),
    yes: Flags.boolean({ char: "y", summary: "Ask nothing: take the defaults for what the flags do not give." }),
    force: Flags.boolean({ summary: "Write into the folder even when it is not empty." }),
    install: Flags.boolean({
      default: true,
      allowNo: true,
      summary: "Install the dependencies in the new folder (--no-install skips it).",
    }),
  };

  async run(): Promise<void> {
    addUsageErrors("APP_NAME_INVALID", "DIRECTORY_NOT_EMPTY", "INPUT_REQUIRED", "TEMPLATE_NOT_FOUND");
    const { args, flags } = await this.parse(New);
    const terminal = Boolean(process.stdout.isTTY);
    let installer = "npm";
    await createNewApp({
      name: args.name,
      template: flags.template,
      description: flags.description,
      author: flags.author,
      framework: flags.framework,
      yes: flags.yes,
      force: flags.force,
      install: flags.install,
      packageManager: flags["package-manager"],
      interactive: Boolean(process.stdin.isTTY && terminal),
      cwd: process.cwd(),
      env: process.env,
      print: (line) => this.log(line),
      // A spinner with npm's latest line in a terminal; elsewhere every line, prefixed.
      onInstallStart: (manager) => {
        installer = manager;
        if (terminal) ux.action.start(`Installing dependencies with ${manager}`);
        else this.log(`Installing dependencies with ${manager}...`);
      },
      onInstallLine: (line) => {
        if (terminal) ux.action.status = line.slice(0, 60);
        else this.log(`  ${installer}: ${line}`);
      },
      onInstallEnd: (ok) => {
        if (terminal) ux.action.stop(ok ? "done" : "failed");
      },
    });
  }
}

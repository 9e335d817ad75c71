import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { ux } from "@oclif/core/ux";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { createNewApp } from "../src/scaffold/create-new-app.js";

export default class New extends AppCommand {
  static override summary = "Create a new app from a template, ready to install, test and run.";

  // Whole paragraphs: oclif wraps them to the terminal's width.
  static override description = [
    "Writes a working app into ./NAME: a handler that comments on new issues, app.yml (the GitHub App manifest with " +
      "its events and permissions), .env.example, a README, a .gitignore, `npm start` (= app run) and a mocha + chai " +
      "test that needs no network. Then runs npm install, showing its progress.",
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
    yes: Flags.boolean({ char: "y", summary: "Ask nothing: take the defaults for what the flags do not give." }),
    force: Flags.boolean({ summary: "Write into the folder even when it is not empty." }),
    install: Flags.boolean({
      default: true,
      allowNo: true,
      summary: "Run npm install in the new folder (--no-install skips it).",
    }),
  };

  async run(): Promise<void> {
    addUsageErrors("APP_NAME_INVALID", "DIRECTORY_NOT_EMPTY", "INPUT_REQUIRED", "TEMPLATE_NOT_FOUND");
    const { args, flags } = await this.parse(New);
    const terminal = Boolean(process.stdout.isTTY);
    await createNewApp({
      name: args.name,
      template: flags.template,
      description: flags.description,
      author: flags.author,
      framework: flags.framework,
      yes: flags.yes,
      force: flags.force,
      install: flags.install,
      interactive: Boolean(process.stdin.isTTY && terminal),
      cwd: process.cwd(),
      env: process.env,
      print: (line) => this.log(line),
      // A spinner with npm's latest line in a terminal; elsewhere every line, prefixed.
      onInstallStart: () =>
        terminal
          ? ux.action.start("Installing dependencies with npm")
          : this.log("Installing dependencies with npm..."),
      onInstallLine: (line) => {
        if (terminal) ux.action.status = line.slice(0, 60);
        else this.log(`  npm: ${line}`);
      },
      onInstallEnd: (ok) => {
        if (terminal) ux.action.stop(ok ? "done" : "failed");
      },
    });
  }
}

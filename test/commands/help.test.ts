import { expect } from "chai";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "./run-bin.js";

const COMMANDS = [
  "doctor",
  "migrate",
  "new",
  "receive",
  "redeliver",
  "run",
  "setup",
  "worker",
  "deliveries failed",
  "deliveries retry",
] as const;
/** What `app --help` lists: topics (deliveries) and commands, in its order. */
const LISTED = ["deliveries", "doctor", "migrate", "new", "receive", "redeliver", "run", "setup", "worker"] as const;

describe("app (help, version, mistakes)", () => {
  let cwd: string;
  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-help-"));
  });

  const app = (args: string[]) => runBin(args, { cwd });

  it("lists the topics and commands with their summaries in app --help", async () => {
    const result = await app(["--help"]);
    expect(result.code).to.equal(0);
    const listed = [...result.stdout.matchAll(/^ {2}(\w+) {2,}\S/gm)].map((match) => match[1]);
    expect(listed).to.deep.equal([...LISTED]);
  });

  for (const command of COMMANDS) {
    it(`shows usage, flags and at least two examples in app ${command} --help`, async () => {
      const result = await app([...command.split(" "), "--help"]);
      expect(result.code).to.equal(0);
      expect(result.stdout).to.include(`$ app ${command}`);
      expect(result.stdout).to.match(/^([A-Z]+ )?FLAGS$/m);
      const examples = result.stdout.slice(result.stdout.indexOf("\nEXAMPLES\n"));
      expect(examples.match(new RegExp(`\\$ app ${command}\\b`, "g"))?.length ?? 0).to.be.at.least(2);
    });
  }

  it("prints the version with app --version", async () => {
    const result = await app(["--version"]);
    expect(result.code).to.equal(0);
    expect(result.stdout).to.match(/^gh-app-kit\/0\.0\.0-development /);
  });

  const typos: ReadonlyArray<[typed: string, suggestion: string]> = [
    ["rnu", "run"],
    ["recieve", "receive"],
    ["setpu", "setup"],
    ["nwe", "new"],
    ["doctr", "doctor"],
  ];
  for (const [typed, suggestion] of typos) {
    it(`suggests "${suggestion}" for "${typed}" in one line, exit 2, with or without a terminal`, async () => {
      const result = await app([typed]);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.equal(
        `Error: "${typed}" is not a command of app. Did you mean "app ${suggestion}"? Run "app --help" for the list.\n`,
      );
    });
  }

  it('suggests the nearest command of a topic for "deliveries faild", naming both words', async () => {
    const result = await app(["deliveries", "faild"]);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.equal(
      'Error: "deliveries faild" is not a command of app. Did you mean "app deliveries failed"? Run "app deliveries --help" for the list.\n',
    );
  });

  it("shows a topic's help and its commands' with app help", async () => {
    const topic = await app(["help", "deliveries"]);
    expect(topic.code, topic.stderr).to.equal(0);
    expect(topic.stdout).to.include("deliveries failed");
    const command = await app(["help", "deliveries", "failed"]);
    expect(command.code, command.stderr).to.equal(0);
    expect(command.stdout).to.include("$ app deliveries failed");
    const typo = await app(["help", "deliveries", "faild"]);
    expect(typo.code).to.equal(2);
    expect(typo.stderr).to.include('Did you mean "app deliveries failed"?');
  });

  it("says which argument a command does not take, instead of calling the command unknown", async () => {
    for (const [args, command] of [
      [["setup", "extra"], "setup"],
      [["deliveries", "failed", "extra"], "deliveries failed"],
    ] as const) {
      const result = await app([...args]);
      expect(result.code, args.join(" ")).to.equal(2);
      expect(result.stderr).to.equal(`Error: Unexpected argument: extra. See "app ${command} --help".\n`);
    }
  });

  it("takes -h for help and -V for the version, as Probot's command line does", async () => {
    const help = await app(["-h"]);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include("COMMANDS");
    for (const command of ["run", "receive", "deliveries failed"]) {
      const result = await app([...command.split(" "), "-h"]);
      expect(result.code, command).to.equal(0);
      expect(result.stdout, command).to.include(`$ app ${command}`);
    }
    const version = await app(["-V"]);
    expect(version.code).to.equal(0);
    expect(version.stdout).to.match(/^gh-app-kit\/0\.0\.0-development /);
  });

  for (const command of COMMANDS) {
    it(`lines up the flags of each section of app ${command} --help`, async () => {
      const { stdout } = await app([...command.split(" "), "--help"]);
      // In a section where some flags have a short form, a flag without one is indented to the long forms.
      for (const section of stdout.split(/\n(?=[A-Z ]*FLAGS\n)/).slice(1)) {
        const rows = section
          .split("\n\n")[0]!
          .split("\n")
          .slice(1)
          .filter((line) => /^ {2,}-/.test(line));
        const withShort = rows.filter((line) => /^ {2}-\w, --/.test(line));
        if (withShort.length === 0) continue;
        for (const row of rows) expect(row, section).to.match(/^( {2}-\w, | {6})--/);
      }
    });
  }

  it("suggests nothing for a word far from every command", async () => {
    const result = await app(["xyzzy"]);
    expect(result.code).to.equal(2);
    expect(result.stderr).not.to.include("Did you mean");
  });

  const badValues: ReadonlyArray<[args: string[], line: string]> = [
    [
      ["run", "--log-level", "loud"],
      'Error: Expected --log-level=loud to be one of: trace, debug, info, warn, error, fatal. See "app run --help".',
    ],
    [
      ["receive", "--log-format", "xml"],
      'Error: Expected --log-format=xml to be one of: pretty, json. See "app receive --help".',
    ],
    [
      ["new", "my-app", "--template", "rust"],
      'Error: Expected --template=rust to be one of: typescript, javascript, cloudflare-worker, vercel, aws-lambda. See "app new --help".',
    ],
    [["setup", "--app-id", "abc"], 'Error: --app-id: Expected an integer but received: abc. See "app setup --help".'],
    [
      ["receive", "--evnt", "issues"],
      'Error: Nonexistent flag: --evnt. Did you mean --event? See "app receive --help".',
    ],
  ];
  for (const [args, line] of badValues) {
    it(`exits 2 with one line for app ${args.join(" ")}`, async () => {
      const result = await app(args);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.equal(`${line}\n`);
      expect(result.stdout).to.equal("");
    });
  }

  it("names the environment variable a bad value came from, and only then", async () => {
    const fromEnv = await runBin(["run"], { cwd, env: { LOG_LEVEL: "loud" } });
    expect(fromEnv.code).to.equal(2);
    expect(fromEnv.stderr).to.equal(
      'Error: Expected --log-level=loud to be one of: trace, debug, info, warn, error, fatal (from LOG_LEVEL in the environment). See "app run --help".\n',
    );
    const fromFlag = await runBin(["setup", "--app-id", "abc"], { cwd, env: { APP_ID: "7" } });
    expect(fromFlag.stderr).to.equal(
      'Error: --app-id: Expected an integer but received: abc. See "app setup --help".\n',
    );
  });
});

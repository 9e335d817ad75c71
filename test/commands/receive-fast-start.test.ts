import { parse } from "@oclif/core/parser";
import { expect } from "chai";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type ReceiveCommand from "../../commands/receive.js";
import type { parseReceiveArgs as ParseReceiveArgs } from "../../src/cli/fast-receive.js";
import { runBin } from "./run-bin.js";

const MANIFEST = new URL("../../oclif.manifest.json", import.meta.url);
const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const ISSUES_OPENED = fixture("payloads/issues.opened.json");
const RECORD = ["register-record-imports.mjs", "record-required.mjs"].map(
  (name) => `--import=${new URL(`../fixtures/${name}`, import.meta.url).href}`,
);
// The built modules, as bin/run.js loads them (tsx would load them as CommonJS).
const DIST = new URL("../../dist/", import.meta.url);
let Receive: typeof ReceiveCommand;
let parseReceiveArgs: typeof ParseReceiveArgs;
const ENV_NAMES = [
  "GITHUB_EVENT_NAME",
  "GITHUB_EVENT_PATH",
  "APP_ID",
  "GITHUB_TOKEN",
  "LOG_LEVEL",
  "LOG_FORMAT",
  "LOG_LEVEL_IN_STRING",
  "LOG_MESSAGE_KEY",
  "SENTRY_DSN",
];

describe("app receive's fast start (without oclif)", () => {
  let cwd: string;
  let pem: string;
  let saved: Record<string, string | undefined>;
  before(async () => {
    Receive = ((await import(new URL("node/commands/receive.js", DIST).href)) as { default: typeof ReceiveCommand })
      .default;
    ({ parseReceiveArgs } = (await import(new URL("node/fast-receive.js", DIST).href)) as {
      parseReceiveArgs: typeof ParseReceiveArgs;
    });
    cwd = await mkdtemp(join(tmpdir(), "app-receive-fast-"));
    // Elsewhere than cwd: a single .pem file in the working folder would be used as the key.
    pem = join(await mkdtemp(join(tmpdir(), "app-receive-fast-key-")), "app.pem");
    await writeFile(pem, "not read by the parser");
  });
  beforeEach(() => {
    saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
    for (const name of ENV_NAMES) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** oclif's own parse of the same command line, with URLs as strings and unset flags left out. */
  async function parsedByOclif(args: string[]) {
    const { argv, flags } = await parse(args, { flags: Receive.flags, args: Receive.args, strict: false });
    return { argv: argv.map(String), flags: comparable(flags) };
  }
  function comparable(flags: object) {
    return Object.fromEntries(
      Object.entries(flags)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, value instanceof URL ? value.href : value]),
    );
  }

  const accepted: Array<[string, string[], Record<string, string>]> = [
    ["short flags and several apps", ["-e", "issues.opened", "-p", ISSUES_OPENED, "a.js", "b.js"], {}],
    ["long flags, with =", ["--event=push", "--payload-path", ISSUES_OPENED, "--token", "t0k", "a.js"], {}],
    ["an app before the flags", ["a.js", "-e", "push"], {}],
    [
      "app credentials and a base URL",
      ["-a", "12", "-P", "PEM", "--base-url", "http://127.0.0.1:3/api/v3", "a.js"],
      {},
    ],
    [
      "the log flags",
      [
        "-L",
        "debug",
        "--log-format",
        "json",
        "--log-level-in-string",
        "--log-message-key",
        "m",
        "--sentry-dsn",
        "https://k@127.0.0.1/1",
        "a.js",
      ],
      {},
    ],
    [
      "values from the environment",
      ["a.js"],
      {
        GITHUB_EVENT_NAME: "push",
        GITHUB_EVENT_PATH: "p.json",
        APP_ID: "3",
        LOG_LEVEL: "warn",
        LOG_LEVEL_IN_STRING: "yes",
        GITHUB_TOKEN: "",
      },
    ],
    [
      "a false boolean variable, a flag over its variable",
      ["-e", "push", "a.js"],
      { LOG_LEVEL_IN_STRING: "0", GITHUB_EVENT_NAME: "issues" },
    ],
  ];
  for (const [title, args, env] of accepted) {
    it(`parses ${title} as oclif does`, async () => {
      Object.assign(process.env, env);
      const withPem = args.map((arg) => (arg === "PEM" ? pem : arg));
      const fast = parseReceiveArgs(withPem, MANIFEST, process.env);
      expect(fast, "the fast start takes it").not.to.equal(undefined);
      expect({ argv: fast!.argv, flags: comparable(fast!.flags) }).to.deep.equal(await parsedByOclif(withPem));
    });
  }

  const refused: Array<[string, string[], Record<string, string>]> = [
    ["a mistyped flag", ["--evnt", "push", "a.js"], {}],
    ["an app id below 1", ["-a", "0", "a.js"], {}],
    ["an app id that is no integer", ["--app-id", "12x", "a.js"], {}],
    ["a missing key file", ["-P", "/nonexistent/app.pem", "a.js"], {}],
    ["a base URL that is no URL", ["--base-url", "not a url", "a.js"], {}],
    ["a level that does not exist", ["--log-level", "verbose", "a.js"], {}],
    ["a bad level from the environment", ["a.js"], { LOG_LEVEL: "verbose" }],
    ["a flag given twice", ["-e", "push", "-e", "issues", "a.js"], {}],
    ["a flag without its value", ["a.js", "-e"], {}],
  ];
  for (const [title, args, env] of refused) {
    it(`leaves ${title} to oclif, which rejects it`, async () => {
      Object.assign(process.env, env);
      expect(parseReceiveArgs(args, MANIFEST, process.env)).to.equal(undefined);
      let rejected = false;
      await parsedByOclif(args).catch(() => (rejected = true));
      expect(rejected, "oclif rejects it too").to.equal(true);
    });
  }

  it("leaves help to oclif", () => {
    for (const help of [["--help"], ["-h"], ["a.js", "--help"]])
      expect(parseReceiveArgs(help, MANIFEST, {}), help.join(" ")).to.equal(undefined);
  });

  it("delivers an event without loading oclif, nor pino-pretty when nothing is logged, nor Hono when no app mounts routes", async () => {
    const log = join(cwd, "imports.txt");
    // A handler that runs and logs nothing; the mark shows it ran.
    await writeFile(
      join(cwd, "quiet.js"),
      'import { writeFileSync } from "node:fs";\nexport default ({ app }) => app.on("issues.opened", () => writeFileSync("ran", "1"));\n',
    );
    const result = await runBin(["receive", "-e", "issues.opened", "-p", ISSUES_OPENED, "./quiet.js"], {
      cwd,
      env: { NODE_OPTIONS: RECORD.join(" "), IMPORT_LOG: log, GITHUB_TOKEN: "t0k", LOG_LEVEL: "warn" },
    });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout + result.stderr).to.equal("");
    expect(await readFile(join(cwd, "ran"), "utf8")).to.equal("1");
    const loaded = await readFile(log, "utf8");
    expect(loaded).to.include("/dist/node/fast-receive.js");
    for (const unused of ["/@oclif/core/", "/pino-pretty/", "/@sentry/", "/yaml/", "/hono/"])
      expect(loaded, unused).not.to.include(unused);
  });

  it("loads pino and pino-pretty once a line is logged, and Hono for an app that mounts routes", async () => {
    const log = join(cwd, "imports-info.txt");
    const result = await runBin(
      ["receive", "-e", "issues.opened", "-p", ISSUES_OPENED, fixture("receive-apps/log-events.js")],
      {
        cwd,
        env: { NODE_OPTIONS: RECORD.join(" "), IMPORT_LOG: log, GITHUB_TOKEN: "t0k" },
      },
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/INFO.*log-events saw issues\.opened/);
    const loaded = await readFile(log, "utf8");
    expect(loaded).to.include("/pino/");
    expect(loaded).to.include("/pino-pretty/");
    // log-events.js mounts a route (never served here): the router it got is Hono's ES module, as import() gives.
    expect(loaded).to.include("/hono/dist/index.js");
    expect(loaded).not.to.include("/hono/dist/cjs/");
  });
});

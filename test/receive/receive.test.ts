import { expect } from "chai";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../../src/application-function.js";
import { isAppError } from "../../src/errors.js";
import { receive, type ReceiveOptions } from "../../src/receive/receive.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const TOKEN = "ghp_receivetesttoken0123456789abcdefABCD";

describe("receive", () => {
  let platform: FakePlatform;
  let logs: LogCapture;
  let cwd: string;
  let printed: string[];

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
  });
  after(() => platform.close());
  beforeEach(async () => {
    platform.reset();
    logs = createLogCapture();
    cwd = await mkdtemp(join(tmpdir(), "receive-"));
    printed = [];
  });

  /** `receive` with an empty environment, JSON logs captured, the fake platform as API. */
  function deliver(options: Partial<ReceiveOptions>) {
    return receive({
      apps: [fixture("receive-apps/log-events.js")],
      env: {},
      cwd,
      baseUrl: platform.url,
      logFormat: "json",
      logLevel: "debug",
      logDestination: logs.stream,
      write: (line) => printed.push(line),
      ...options,
    });
  }

  const messages = () => logs.records().map((record) => record.msg);
  const warnings = () => logs.records().filter((record) => record.level === 40);

  it("runs the handlers of every app for EVENT.ACTION", async () => {
    const result = await deliver({
      event: "issues.opened",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/log-events.js"), fixture("receive-apps/second.js")],
    });
    expect(result).to.include({ name: "issues", action: "opened" });
    expect(messages()).to.include.members(["log-events saw issues.opened #7", "second saw issues.opened"]);
    expect(messages()).not.to.include("log-events saw issues.closed");
  });

  it("takes app functions as well as paths, as a bundled JavaScript action hands them over", async () => {
    const seen: string[] = [];
    const appFn: ApplicationFunction = ({ app }) =>
      app.on("issues.opened", async (context) => void seen.push(`function saw ${context.id !== ""}`));
    const earlier: DeprecatedApplicationFunction = (app) =>
      app.on("issues", async () => void seen.push("module's default saw it"));
    await deliver({
      event: "issues.opened",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [appFn, { default: earlier }, fixture("receive-apps/second.js")],
    });
    expect(seen).to.deep.equal(["function saw true", "module's default saw it"]);
    expect(messages()).to.include("second saw issues.opened");
  });

  it("refuses an app that is neither a path nor a function, saying what it takes", async () => {
    const error = await deliver({
      event: "issues.opened",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [42 as never],
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).to.equal("OPTION_INVALID");
    expect((error as Error).message).to.match(/app function, a module with one as its default export, or a path/);
  });

  it("takes the event and payload from GITHUB_EVENT_NAME and GITHUB_EVENT_PATH", async () => {
    await deliver({ env: { GITHUB_EVENT_NAME: "push", GITHUB_EVENT_PATH: fixture("payloads/push.json") } });
    expect(messages()).to.include("log-events saw push to refs/heads/main");
  });

  it("authenticates the handlers' calls with the token", async () => {
    await deliver({
      event: "issues",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/comment.js")],
      token: TOKEN,
    });
    const [comment] = platform.comments();
    expect(comment).to.deep.include({
      owner: "octo-org",
      repo: "hello-world",
      issue_number: 7,
      body: "Thanks for the report!",
    });
    expect(comment!.auth).to.deep.equal({ type: "token", token: TOKEN });
    expect(warnings()).to.deep.equal([]);
    expect(logs.text()).not.to.include(TOKEN);
  });

  it("authenticates as the installation with the app id and the private key", async () => {
    await deliver({
      event: "issues.opened",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/comment.js")],
      env: { APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1 },
    });
    expect(platform.tokenExchanges()).to.have.length(1);
    expect(platform.comments()[0]!.auth).to.include({ type: "installation", installationId: 1 });
    expect(logs.text()).not.to.include("PRIVATE KEY");
  });

  it("reads credentials from a .env file in the working folder", async () => {
    await writeFile(join(cwd, ".env"), `# for receive\nGITHUB_TOKEN=${TOKEN}\n`);
    await deliver({
      event: "issues",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/comment.js")],
    });
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
  });

  it("without credentials runs the handlers as a dry run: requests printed, none sent", async () => {
    const result = await deliver({
      event: "issues",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/comment.js")],
    });
    expect(result.dryRun).to.equal(true);
    expect(warnings()).to.have.length(0);
    expect(
      messages().filter((msg) => /^No credentials, so this is a dry run.*--token.*APP_ID/.test(String(msg))),
    ).to.have.length(1);
    expect(platform.comments()).to.have.length(0);
    expect(printed).to.deep.equal([
      `Dry run: POST ${platform.url}/repos/octo-org/hello-world/issues/7/comments`,
      '  {"body":"Thanks for the report!"}',
      "Dry run: 1 handler ran for issues.opened; 1 request printed, none sent.",
    ]);
  });

  it("with dryRun sends nothing even with a token", async () => {
    const result = await deliver({
      event: "issues",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/comment.js")],
      token: TOKEN,
      dryRun: true,
    });
    expect(result.dryRun).to.equal(true);
    expect(platform.comments()).to.have.length(0);
    expect(printed.join("\n")).not.to.include(TOKEN);
    expect(printed.at(-1)).to.equal("Dry run: 1 handler ran for issues.opened; 1 request printed, none sent.");
  });

  it("fails with the handler's message, secrets scrubbed", async () => {
    const error = await deliver({
      event: "issues",
      payloadPath: fixture("payloads/issues.opened.json"),
      apps: [fixture("receive-apps/fail.js")],
    }).then(
      () => expect.fail("expected a rejection"),
      (rejection: unknown) => rejection,
    );
    expect(isAppError(error) && error.code).to.equal("EVENT_HANDLER_FAILED");
    expect((error as Error).message).to.equal("The issues.opened handler failed: Label sync broke (token [REDACTED])");
    expect(logs.text()).not.to.include("ghs_abcdefghij");
  });

  const usageErrors: ReadonlyArray<[label: string, options: Partial<ReceiveOptions>, code: string, message: RegExp]> = [
    [
      "a missing payload file",
      { event: "issues", payloadPath: "missing.json" },
      "PAYLOAD_NOT_FOUND",
      /missing\.json does not exist/,
    ],
    [
      "a payload that is not JSON",
      { event: "issues", payloadPath: fixture("payloads/truncated.json") },
      "PAYLOAD_INVALID",
      /is not JSON/,
    ],
    [
      "a payload that is not an object",
      { event: "issues", payloadPath: fixture("payloads/array.json") },
      "PAYLOAD_INVALID",
      /an array, not a JSON object/,
    ],
    [
      "an action the payload does not have",
      { event: "issues.closed", payloadPath: fixture("payloads/issues.opened.json") },
      "EVENT_ACTION_MISMATCH",
      /"closed", but the payload's action is "opened"/,
    ],
    ["no event", { payloadPath: fixture("payloads/issues.opened.json") }, "OPTION_INVALID", /No event was given/],
    [
      "an event that is no event name",
      { event: "Issues!", payloadPath: fixture("payloads/issues.opened.json") },
      "OPTION_INVALID",
      /not an event name/,
    ],
    ["no payload file", { event: "issues" }, "OPTION_INVALID", /No payload file/],
    [
      "no app",
      { event: "issues", payloadPath: fixture("payloads/issues.opened.json"), apps: [] },
      "OPTION_INVALID",
      /No app/,
    ],
  ];
  for (const [label, options, code, message] of usageErrors) {
    it(`rejects ${label} with ${code} before any handler runs`, async () => {
      const error = await deliver(options).then(
        () => expect.fail("expected a rejection"),
        (rejection: unknown) => rejection,
      );
      expect(isAppError(error) && error.code).to.equal(code);
      expect((error as Error).message).to.match(message);
      expect(messages().filter((msg) => String(msg).startsWith("log-events"))).to.deep.equal([]);
    });
  }
});

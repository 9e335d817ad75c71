import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApplicationFunction } from "../../src/application-function.js";
import { run } from "../../src/actions/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

const TOKEN = `ghs_${"AcT1oNjOb".repeat(4)}`;
const PAYLOAD = {
  action: "opened",
  issue: { number: 5, title: "Hello" },
  repository: { name: "hello", owner: { login: "octo" } },
};

/** Comments on the opened issue, and says so at info and warn levels. */
const commenter: ApplicationFunction = ({ app }) => {
  app.on("issues.opened", async (context) => {
    context.log.info(`commenting on #${context.payload.issue.number}`);
    context.log.warn("this is a warning\nover two lines, 100% sure");
    await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
  });
};

describe("gh-app-kit/actions: run(app) in a GitHub Actions job", () => {
  let platform: FakePlatform;
  let folder: string;
  let lines: string[];
  let exitCode: typeof process.exitCode;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
    folder = await mkdtemp(join(tmpdir(), "actions-"));
    await writeFile(join(folder, "event.json"), JSON.stringify(PAYLOAD));
  });
  after(async () => {
    await platform.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    platform.reset();
    lines = [];
    exitCode = process.exitCode;
  });
  afterEach(() => {
    process.exitCode = exitCode;
  });

  /** The variables a job sets, with the fake platform as GITHUB_API_URL. */
  const job = (more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    GITHUB_EVENT_NAME: "issues",
    GITHUB_EVENT_PATH: join(folder, "event.json"),
    GITHUB_RUN_ID: "4242",
    GITHUB_API_URL: platform.url,
    GITHUB_TOKEN: TOKEN,
    ...more,
  });
  const start = (apps: Parameters<typeof run>[0], env: NodeJS.ProcessEnv) =>
    run(apps, { env, cwd: folder, write: (line) => lines.push(line) });

  it("runs the app for the job's event with the job's token, its log lines as workflow commands", async () => {
    await start(commenter, job());
    expect(process.exitCode ?? 0).to.equal(exitCode ?? 0);
    expect(platform.comments()).to.have.length(1);
    expect(platform.comments()[0]).to.deep.include({ owner: "octo", repo: "hello", issue_number: 5, body: "Thanks!" });
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
    expect(lines).to.include("commenting on #5");
    // Escaped as the runner reads a command's data back: %, CR and LF.
    expect(lines).to.include("::warning::this is a warning%0Aover two lines, 100%25 sure");
    expect(lines.join("\n")).not.to.include(TOKEN);
  });

  it("takes several apps, and the token as the action's input `token`", async () => {
    const seen: string[] = [];
    const second: ApplicationFunction = ({ app }) => app.on("issues", async () => void seen.push("second"));
    await start([commenter, second], job({ GITHUB_TOKEN: "", INPUT_TOKEN: TOKEN }));
    expect(seen).to.deep.equal(["second"]);
    expect(platform.comments()).to.have.length(1);
  });

  it("fails the step with one line naming the token's places when there is no token, calling nothing", async () => {
    await start(commenter, job({ GITHUB_TOKEN: undefined }));
    expect(process.exitCode).to.equal(1);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^::error::No token .*GITHUB_TOKEN.*`github_token` or `token`/);
    expect(platform.calls).to.deep.equal([]);
  });

  it("fails the step with one line naming each variable a job sets that is missing", async () => {
    await start(commenter, job({ GITHUB_EVENT_NAME: undefined, GITHUB_EVENT_PATH: " " }));
    expect(process.exitCode).to.equal(1);
    expect(lines).to.deep.equal([
      "::error::GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set: run() reads the event a GitHub Actions job sets; outside a job, use `app receive -e EVENT -p PAYLOAD`.",
    ]);
  });

  it("fails the step with the handler's message, scrubbed, and resolves", async () => {
    const failing: ApplicationFunction = ({ app }) =>
      app.on("issues.opened", async () => {
        throw new Error(`could not label with ${TOKEN}`);
      });
    await start(failing, job());
    expect(process.exitCode).to.equal(1);
    const errors = lines.filter((line) => line.startsWith("::error::"));
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^::error::The issues\.opened handler failed: could not label with /);
    expect(lines.join("\n")).not.to.include(TOKEN);
    expect(lines.join("\n")).not.to.match(/\n\s+at /);
  });

  it("says what is wrong with an event file that is not there", async () => {
    await start(commenter, job({ GITHUB_EVENT_PATH: join(folder, "nowhere.json") }));
    expect(process.exitCode).to.equal(1);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^::error::.*nowhere\.json/);
  });

  it("writes debug lines as ::debug:: when the job runs with debug logging", async () => {
    const debugging: ApplicationFunction = ({ app }) =>
      app.on("issues.opened", async (context) => context.log.debug({ step: 1 }, "looking"));
    await start(debugging, job({ RUNNER_DEBUG: "1" }));
    expect(lines).to.include("::debug::looking%0A{ step: 1 }");
  });
});

import { expect } from "chai";
import { createPrivateKey } from "node:crypto";
import { startFakePlatform, type FakePlatform } from "../../../src/testing/start-fake-platform.js";
import { sign } from "../../helpers/sign.js";
import { preparePackedFixture, requireRuntimes } from "./packed-fixture.js";

export const SECRET = "runtime-test-secret";
/** The same string as fixtures/app.mjs's. */
const LEAKED_TOKEN = `ghs_${"A1b2C3d4".repeat(5)}`;
const WEBHOOK_PATH = "/api/github/webhooks";

/** A running app: `send()` answers a Web `Request` the way the runtime does. */
export type Target = {
  send(request: Request): Promise<Response>;
  /** Everything the runtime printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
};

export type StartTarget = (env: Record<string, string>, work: string) => Promise<Target>;

export type RuntimeCaseOptions = {
  /** The binaries the suite needs from test/runtimes/.deps. */
  needs: string[];
  webhookPath?: string;
  /** Ms for the runtime to start (a build included). */
  startMs?: number;
  /** Skips the /ping case (a host that serves only the webhook route). */
  noPing?: boolean;
};

/** The cases every runtime must pass, against the packed package and a fake platform on 127.0.0.1. */
export function describeRuntime(title: string, options: RuntimeCaseOptions, start: StartTarget): void {
  const webhookPath = options.webhookPath ?? WEBHOOK_PATH;
  describe(title, function () {
    requireRuntimes(this, ...options.needs);
    this.timeout(30_000);
    let platform: FakePlatform;
    let target: Target | undefined;

    before(async function () {
      this.timeout(options.startMs ?? 120_000);
      const work = await preparePackedFixture();
      platform = await startFakePlatform();
      // PKCS#1, the format GitHub hands out.
      const pkcs1 = createPrivateKey(platform.privateKey).export({ type: "pkcs1", format: "pem" }).toString();
      const env = {
        APP_ID: String(platform.appId),
        PRIVATE_KEY: pkcs1,
        WEBHOOK_SECRET: SECRET,
        BASE_URL: platform.url,
      };
      target = await start(env, work);
    });
    after(async () => {
      await target?.stop();
      await platform?.close();
    });

    const deliver = (payload: object, { id = "d-1", event = "issues", secret = SECRET } = {}) => {
      const body = JSON.stringify(payload);
      const headers = {
        "content-type": "application/json",
        "x-github-event": event,
        "x-github-delivery": id,
        "x-hub-signature-256": sign(secret, body),
      };
      return target!.send(new Request(`http://127.0.0.1${webhookPath}`, { method: "POST", headers, body }));
    };
    const comments = () => platform.requests.filter((request) => request.path.endsWith("/comments"));
    const labels = () => platform.requests.filter((request) => request.path.endsWith("/labels"));
    const explain = (response: Response, text: string) =>
      `${response.status} ${text}\n--- runtime output ---\n${target!.output()}`;

    if (!options.noPing) {
      it("answers /ping", async () => {
        const response = await target!.send(new Request("http://127.0.0.1/ping"));
        const text = await response.text();
        expect(response.status, explain(response, text)).to.equal(200);
        expect(text).to.equal("PONG");
      });
    }

    it("runs a signed delivery whose handler comments with an installation token", async () => {
      const before = comments().length;
      const response = await deliver(issue("opened", 7), { id: "signed-1" });
      const text = await response.text();
      expect(response.status, explain(response, text)).to.equal(200);
      const made = comments().slice(before);
      expect(made).to.have.length(1);
      expect(made[0]).to.include({ method: "POST", path: "/repos/octo/hello/issues/7/comments", auth: "installation" });
      expect(made[0]!.body).to.deep.equal({ body: "Thanks for opening this!" });
    });

    it("answers 400 to a bad signature and runs nothing", async () => {
      const before = comments().length;
      const response = await deliver(issue("opened", 8), { id: "forged-1", secret: "not-the-secret" });
      const text = await response.text();
      expect(response.status, explain(response, text)).to.equal(400);
      expect(comments().length).to.equal(before);
    });

    it("runs two concurrent deliveries", async () => {
      const before = labels().length;
      const answers = await Promise.all([
        deliver(issue("reopened", 21), { id: "concurrent-1" }),
        deliver(issue("reopened", 22), { id: "concurrent-2" }),
      ]);
      const texts = await Promise.all(answers.map((response) => response.text()));
      expect(
        answers.map((response) => response.status),
        texts.join(" | ") + target!.output(),
      ).to.deep.equal([200, 200]);
      const paths = labels()
        .slice(before)
        .map((request) => request.path)
        .sort();
      expect(paths).to.deep.equal(["/repos/octo/hello/issues/21/labels", "/repos/octo/hello/issues/22/labels"]);
    });

    it("keeps a token out of a failing handler's answer and log lines", async () => {
      const response = await deliver(issue("deleted", 40), { id: "failing-1" });
      const text = await response.text();
      expect(response.status, explain(response, text)).to.equal(500);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(target!.output()).to.include("failing-1");
      expect(text + target!.output()).not.to.include(LEAKED_TOKEN);
    });

    it("answers 202 when a handler outlasts the timeout", async () => {
      const response = await deliver(issue("closed", 30), { id: "slow-1" });
      const text = await response.text();
      expect(response.status, explain(response, text)).to.equal(202);
    });
  });
}

function issue(action: string, number: number): object {
  return {
    action,
    issue: { number, title: "Bug", user: { login: "octocat" } },
    repository: { id: 1, name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
    sender: { login: "octocat", type: "User" },
    installation: { id: 5 },
  };
}

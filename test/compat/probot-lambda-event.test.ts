import { expect } from "chai";
import { App } from "../../src/app.js";
import { AppClient } from "../../src/client/app-client.js";
import { createLambdaHandler, type LambdaHandler } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";
import { lambdaContext } from "../helpers/lambda-events.js";
import { sign } from "../helpers/sign.js";

const SECRET = "bare-event-secret";

/**
 * Probot's Lambda adapter (`createLambdaFunction`, 1 to 4) read an event's headers and body and
 * nothing else: its own tests invoke the function with `{ headers, body }`, no method and no path,
 * header names in any case, and apps' tests of their handler copied them. After `app migrate` the
 * same call reaches `createLambdaHandler`.
 */
describe("createLambdaHandler: an event as Probot's Lambda adapter took it (headers and body only)", function () {
  this.timeout(20_000);
  let platform: FakePlatform;
  let handler: LambdaHandler;
  const comments = () => platform.requests.filter((request) => request.path.endsWith("/comments"));

  before(async () => {
    platform = await startFakePlatform();
    const app = new App({
      appId: platform.appId,
      privateKey: platform.privateKey,
      baseUrl: platform.url,
      secret: SECRET,
      Client: AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
      logLevel: "fatal",
    });
    handler = createLambdaHandler(
      ({ app: loaded }) => {
        loaded.on("issues.opened", async (context) => {
          await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
        });
      },
      { app },
    );
  });
  after(() => platform.close());

  const body = (number: number) =>
    JSON.stringify({
      action: "opened",
      issue: { number, title: "Bug", user: { login: "octocat" } },
      repository: { id: 1, name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
      sender: { login: "octocat", type: "User" },
      installation: { id: 5 },
    });

  const cases: Array<[string, (payload: string) => Record<string, string>]> = [
    [
      "header names in lower case, as the adapter's first tests",
      (payload) => ({
        "x-github-delivery": "eventid123",
        "x-github-event": "issues",
        "x-hub-signature-256": sign(SECRET, payload),
      }),
    ],
    [
      "header names in GitHub's case",
      (payload) => ({
        "X-GitHub-Delivery": "EventId123",
        "X-GitHub-Event": "issues",
        "X-Hub-Signature-256": sign(SECRET, payload),
      }),
    ],
  ];
  cases.forEach(([title, headers], index) => {
    it(`runs the delivery, ${title}`, async () => {
      const before = comments().length;
      const payload = body(80 + index);
      const result = await handler({ headers: headers(payload), body: payload } as never, lambdaContext() as never);
      expect(result.statusCode, result.body).to.equal(200);
      const made = comments().slice(before);
      expect(made.map((request) => request.path)).to.deep.equal([`/repos/octo/hello/issues/${80 + index}/comments`]);
    });
  });

  it("answers 400 to a bad signature, and runs nothing", async () => {
    const before = comments().length;
    const payload = body(90);
    const headers = {
      "x-github-delivery": "d",
      "x-github-event": "issues",
      "x-hub-signature-256": sign("other", payload),
    };
    const result = await handler({ headers, body: payload } as never, lambdaContext() as never);
    expect(result.statusCode, result.body).to.equal(400);
    expect(result.body).to.include("signature");
    expect(comments().length).to.equal(before);
  });

  it("takes the delivery at Probot's webhooksPath, given as the middleware took it", async () => {
    const app = new App({
      appId: platform.appId,
      privateKey: platform.privateKey,
      baseUrl: platform.url,
      secret: SECRET,
      Client: AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
      logLevel: "fatal",
    });
    const atCustomPath = createLambdaHandler(
      ({ app: loaded }) => {
        loaded.on("issues.opened", async (context) => {
          await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
        });
      },
      { app, webhooksPath: "/custom" } as Parameters<typeof createLambdaHandler>[1] & { app: App },
    );
    const before = comments().length;
    const payload = body(95);
    const headers = {
      "x-github-delivery": "d-95",
      "x-github-event": "issues",
      "x-hub-signature-256": sign(SECRET, payload),
    };
    const result = await atCustomPath({ headers, body: payload } as never, lambdaContext() as never);
    expect(result.statusCode, result.body).to.equal(200);
    expect(
      comments()
        .slice(before)
        .map((request) => request.path),
    ).to.deep.equal(["/repos/octo/hello/issues/95/comments"]);
  });
});

import { expect } from "chai";
import { App } from "../../src/app.js";
import { AppClient } from "../../src/client/app-client.js";
import * as root from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";
import {
  functionUrlEvent,
  httpApiEvent,
  lambdaContext,
  restApiEvent,
  type HttpCall,
} from "../helpers/lambda-events.js";
import { sign } from "../helpers/sign.js";

const SECRET = "lambda-test-secret";
const Client = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });

function payload(action: string, number: number) {
  return {
    action,
    issue: { number, title: "Bug", user: { login: "octocat" } },
    repository: { id: 1, name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
    sender: { login: "octocat", type: "User" },
    installation: { id: 5 },
  };
}

/** A delivery as GitHub sends it, with the header names in GitHub's own case. */
function delivery(action: string, number: number, { secret = SECRET, id = `d-${number}` } = {}): HttpCall {
  const body = JSON.stringify(payload(action, number));
  return {
    method: "POST",
    path: "/api/github/webhooks",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "GitHub-Hookshot/abc1234",
      "X-GitHub-Delivery": id,
      "X-GitHub-Event": "issues",
      "X-GitHub-Hook-ID": "1",
      "X-Hub-Signature-256": sign(secret, body),
    },
    body,
  };
}

// The events API Gateway and function URLs hand a function, as AWS documents them, against the fake platform.
describe("createLambdaHandler (API Gateway and function URL events)", function () {
  this.timeout(20_000);
  let platform: FakePlatform;
  let handler: root.LambdaHandler;
  const comments = () => platform.requests.filter((request) => request.path.endsWith("/comments"));

  before(async () => {
    platform = await startFakePlatform();
    const app = new App({
      appId: platform.appId,
      privateKey: platform.privateKey,
      baseUrl: platform.url,
      secret: SECRET,
      Client,
      logLevel: "fatal",
    });
    handler = root.createLambdaHandler(
      ({ app: loaded }) => {
        loaded.on("issues.opened", async (context) => {
          await context.client.issues.createComment(context.issue({ body: "Thanks for opening this!" }));
        });
        loaded.on("issues.deleted", () => {
          throw new Error("the handler failed");
        });
      },
      { app },
    );
  });
  after(() => platform.close());

  const expectComment = (before: number, number: number) => {
    const made = comments().slice(before);
    expect(made).to.have.length(1);
    expect(made[0]).to.include({
      method: "POST",
      path: `/repos/octo/hello/issues/${number}/comments`,
      auth: "installation",
    });
    expect(made[0]!.body).to.deep.equal({ body: "Thanks for opening this!" });
  };

  for (const [title, toEvent] of [
    ["a REST API (v1) event, headers in GitHub's case", restApiEvent],
    ["an HTTP API (v2) event", httpApiEvent],
    ["a function URL event", functionUrlEvent],
  ] as const) {
    it(`runs a signed delivery from ${title}, whose handler comments with an installation token`, async () => {
      const before = comments().length;
      const number = 10 + comments().length;
      const result = await handler(toEvent(delivery("opened", number)) as never, lambdaContext() as never);
      expect(result.statusCode, result.body).to.equal(200);
      expectComment(before, number);
    });

    it(`answers 400 to a bad signature in ${title}, and runs nothing`, async () => {
      const before = comments().length;
      const result = await handler(
        toEvent(delivery("opened", 40, { secret: "not-the-secret" })) as never,
        lambdaContext() as never,
      );
      expect(result.statusCode, result.body).to.equal(400);
      expect(comments().length).to.equal(before);
    });
  }

  it("decodes a base64 body (isBase64Encoded)", async () => {
    const before = comments().length;
    const result = await handler(
      httpApiEvent({ ...delivery("opened", 50), base64: true }) as never,
      lambdaContext() as never,
    );
    expect(result.statusCode, result.body).to.equal(200);
    expectComment(before, 50);
  });

  it("decodes a base64 body of a REST API event", async () => {
    const before = comments().length;
    const result = await handler(
      restApiEvent({ ...delivery("opened", 51), base64: true }) as never,
      lambdaContext() as never,
    );
    expect(result.statusCode, result.body).to.equal(200);
    expectComment(before, 51);
  });

  it("takes a delivery under an HTTP API stage, whose rawPath starts with the stage", async () => {
    const before = comments().length;
    const result = await handler(
      httpApiEvent({ ...delivery("opened", 52), stage: "prod" }) as never,
      lambdaContext() as never,
    );
    expect(result.statusCode, result.body).to.equal(200);
    expectComment(before, 52);
  });

  // Netlify Functions took Probot's adapter too: their event is format 1.0 without requestContext.
  it("runs a delivery from a Netlify function event", async () => {
    const before = comments().length;
    const call = delivery("opened", 53);
    const headers = Object.fromEntries(
      Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const event = {
      rawUrl: "https://app.netlify.app/.netlify/functions/webhooks",
      rawQuery: "",
      path: "/.netlify/functions/webhooks",
      httpMethod: "POST",
      headers: { ...headers, host: "app.netlify.app" },
      multiValueHeaders: {},
      queryStringParameters: {},
      multiValueQueryStringParameters: {},
      body: call.body,
      isBase64Encoded: false,
    };
    const result = await handler(event as never, lambdaContext() as never);
    expect(result.statusCode, result.body).to.equal(200);
    expectComment(before, 53);
  });

  it("answers 500 when a handler fails, with the error as JSON", async () => {
    const result = await handler(httpApiEvent(delivery("deleted", 60)) as never, lambdaContext() as never);
    expect(result.statusCode, result.body).to.equal(500);
    expect(JSON.parse(result.body)).to.have.property("error").that.includes("the handler failed");
  });

  // Lambda freezes the function once it answers: a 202 at GitHub's 10 s would leave the handler
  // frozen mid-way. Probot's adapter waited for the handlers; so does this, unless told otherwise.
  it("waits for handlers past the 9 s other hosts answer 202 at, and answers 202 only at a handlerTimeoutMs it is given", async function () {
    this.timeout(20_000);
    const slowApp = () => new App({ secret: SECRET, logLevel: "fatal", Client });
    const finished: string[] = [];
    const appFn = ({ app: loaded }: { app: App }) =>
      loaded.on("issues.opened", async (context) => {
        await new Promise((resolve) => setTimeout(resolve, context.id === "slow-default" ? 9_300 : 400));
        finished.push(context.id);
      });
    const waiting = root.createLambdaHandler(appFn, { app: slowApp() });
    const event = (id: string) => httpApiEvent(delivery("opened", 70, { id }));
    const waited = await waiting(event("slow-default") as never, lambdaContext() as never);
    expect([waited.statusCode, finished]).to.deep.equal([200, ["slow-default"]]);
    const told = root.createLambdaHandler(appFn, { app: slowApp(), handlerTimeoutMs: 100 });
    const accepted = await told(event("slow-told") as never, lambdaContext() as never);
    expect([accepted.statusCode, finished]).to.deep.equal([202, ["slow-default"]]);
  });

  it("answers /ping and other routes by their path", async () => {
    const ping = await handler(
      httpApiEvent({ method: "GET", path: "/ping", headers: {} }) as never,
      lambdaContext() as never,
    );
    expect([ping.statusCode, ping.body]).to.deep.equal([200, "PONG"]);
    const other = await handler(
      restApiEvent({ method: "GET", path: "/elsewhere", headers: {} }) as never,
      lambdaContext() as never,
    );
    expect(other.statusCode).to.equal(404);
  });

  it("answers a GET that carries a body as a GET, and an invocation without an event 400, printing nothing", async () => {
    const printed: unknown[] = [];
    const { error } = console;
    console.error = (...args: unknown[]) => void printed.push(args);
    try {
      for (const toEvent of [httpApiEvent, restApiEvent, functionUrlEvent]) {
        const ping = await handler(
          toEvent({ method: "GET", path: "/ping", headers: {}, body: "left over" }) as never,
          lambdaContext() as never,
        );
        expect([ping.statusCode, ping.body]).to.deep.equal([200, "PONG"]);
      }
      for (const event of [undefined, null, "ping"]) {
        const answer = await handler(event as never, lambdaContext() as never);
        expect(answer.statusCode).to.equal(400);
        expect(JSON.parse(answer.body)).to.have.property("error").that.includes("without an HTTP event");
      }
    } finally {
      console.error = error;
    }
    expect(printed).to.deep.equal([]);
  });

  it("says what to write when given Probot's { probot } option, or no app", () => {
    const app = new App({ secret: SECRET, logLevel: "fatal" });
    const options = { probot: app } as unknown as { app: App };
    expect(() => root.createLambdaHandler(() => {}, options))
      .to.throw(root.AppError)
      .with.property("hint")
      .that.includes("{ app: createApp() }");
    expect(() => root.createLambdaHandler(() => {}, {} as { app: App }))
      .to.throw(root.AppError, 'createLambdaHandler(appFn, options) needs the App as its "app" option.')
      .with.property("code", "OPTION_INVALID");
  });
});

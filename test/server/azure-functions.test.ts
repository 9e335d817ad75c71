import { expect } from "chai";
import azure from "@azure/functions";
import { App } from "../../src/app.js";
import { AppClient } from "../../src/client/app-client.js";
import * as root from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";
import { sign } from "../helpers/sign.js";

const { HttpRequest, HttpResponse, InvocationContext } = azure;
const SECRET = "azure-test-secret";
const Client = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });

function delivery(number: number, { secret = SECRET, path = "/api/ProbotFunction" } = {}) {
  const body = JSON.stringify({
    action: "opened",
    issue: { number, title: "Bug", user: { login: "octocat" } },
    repository: { id: 1, name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
    sender: { login: "octocat", type: "User" },
    installation: { id: 5 },
  });
  return new HttpRequest({
    method: "POST",
    url: `http://localhost:7071${path}`,
    headers: {
      "content-type": "application/json",
      "x-github-delivery": `az-${number}`,
      "x-github-event": "issues",
      "x-hub-signature-256": sign(secret, body),
    },
    body: { string: body },
  });
}

// Azure Functions' Node model 4 calls an HTTP handler with its own HttpRequest (headers, url, text()) and
// an InvocationContext, and turns what it returns into the answer with its own HttpResponse: these are the
// library's classes, as its host uses them. createWebHandler is such a handler, as docs/deploy.md shows it.
describe("createWebHandler as an Azure Functions handler (model 4)", function () {
  this.timeout(20_000);
  let platform: FakePlatform;
  let handler: ReturnType<typeof root.createWebHandler>;
  const comments = () => platform.requests.filter((request) => request.path.endsWith("/comments"));
  // What the host does with what a handler returns: HttpResponse from a plain object or from a Response.
  const answer = async (request: azure.HttpRequest) => {
    const returned = await asAzureHandler(request);
    const response = new HttpResponse(returned);
    return { status: response.status, text: await response.text() };
  };
  // The TypeScript form docs/deploy.md gives: Azure's types know neither Request nor Response.
  const asAzureHandler = async (request: azure.HttpRequest): Promise<azure.HttpResponseInit> => {
    const response = await handler(request as unknown as Request);
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

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
    handler = root.createWebHandler(
      ({ app: loaded }) => {
        loaded.on("issues.opened", async (context) => {
          await context.client.issues.createComment(context.issue({ body: "Thanks for opening this!" }));
        });
      },
      // The route Azure gives a function named ProbotFunction (host.json's routePrefix "api").
      { app, webhookPath: "/api/ProbotFunction" },
    );
  });
  after(() => platform.close());

  it("runs the handler of a signed delivery, which comments with an installation token", async () => {
    const before = comments().length;
    expect(await answer(delivery(7))).to.deep.equal({ status: 200, text: "ok" });
    const made = comments().slice(before);
    expect(made).to.have.length(1);
    expect(made[0]).to.include({
      method: "POST",
      path: "/repos/octo/hello/issues/7/comments",
      auth: "installation",
      installationId: 5,
    });
    expect(made[0]!.body).to.deep.equal({ body: "Thanks for opening this!" });
  });

  it("answers 400 to a bad signature, and runs nothing", async () => {
    const before = comments().length;
    const { status, text } = await answer(delivery(8, { secret: "wrong" }));
    expect(status).to.equal(400);
    expect(text).to.include("signature");
    expect(comments().length).to.equal(before);
  });

  it("answers 404 at another route, saying where deliveries go", async () => {
    const { status, text } = await answer(delivery(9, { path: "/api/OtherFunction" }));
    expect(status).to.equal(404);
    expect(text).to.include("No webhook at /api/OtherFunction").and.include("POST /api/ProbotFunction");
  });

  it("returned as it is (the JavaScript form), the Response is the answer too", async () => {
    const returned = await handler(delivery(10, { secret: "wrong" }) as unknown as Request, new InvocationContext());
    const response = new HttpResponse(returned as unknown as azure.HttpResponseInit);
    expect(response.status).to.equal(400);
    expect(await response.text()).to.include("signature");
  });

  it("answers /ping", async () => {
    const ping = new HttpRequest({ method: "GET", url: "http://localhost:7071/ping" });
    expect(await answer(ping)).to.deep.equal({ status: 200, text: "PONG" });
  });
});

import { expect } from "chai";
import { http, HttpResponse, graphql } from "msw";
import { setupServer } from "msw/node";
import { API, issuesOpened, probotStyleApp, TestClient } from "./probot-style.js";

const server = setupServer();

describe("Probot-style tests with msw 2", () => {
  before(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  after(() => server.close());

  it("5: intercepts the token exchange (no expires_at), context.client, paginate and graphql", async () => {
    const seen: string[] = [];
    server.use(
      http.post(`${API}/app/installations/2/access_tokens`, () => HttpResponse.json({ token: "test" })),
      http.get(`${API}/repos/hiimbex/testing-things/issues`, ({ request }) => {
        seen.push(
          `${request.headers.get("authorization")} page ${new URL(request.url).searchParams.get("page") ?? "1"}`,
        );
        return new URL(request.url).searchParams.get("page") === "2"
          ? HttpResponse.json([{ number: 2 }])
          : HttpResponse.json([{ number: 1 }], {
              headers: { link: `<${API}/repos/hiimbex/testing-things/issues?page=2>; rel="next"` },
            });
      }),
      graphql.query("Viewer", () => HttpResponse.json({ data: { viewer: { login: "bot" } } })),
      http.post(`${API}/repos/hiimbex/testing-things/issues/1/comments`, async ({ request }) => {
        seen.push(`comment ${((await request.json()) as { body: string }).body}`);
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { app } = probotStyleApp();
    const results: unknown[] = [];
    app.on("issues.opened", async (context) => {
      results.push(
        (await context.client.paginate(context.client.issues.listForRepo, context.repo())).map((issue) => issue.number),
      );
      results.push(await context.client.graphql("query Viewer { viewer { login } }"));
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    expect(results).to.deep.equal([[1, 2], { viewer: { login: "bot" } }]);
    expect(seen).to.deep.equal(["token test page 1", "token test page 2", "comment Thanks!"]);
  });

  it("5: config files are asked for raw; a raw YAML answer is parsed, through context.config and config.get", async () => {
    const accepts: Array<string | null> = [];
    server.use(
      http.get(`${API}/repos/hiimbex/testing-things/contents/:path`, ({ request }) => {
        accepts.push(request.headers.get("accept"));
        return new HttpResponse("greeting: hello\n", { headers: { "content-type": "application/vnd.github.v3.raw" } });
      }),
    );
    const { app } = probotStyleApp({ platformToken: "test" });
    let config: unknown;
    app.on("issues.opened", async (context) => {
      config = await context.config("bot.yml", { labels: ["a"] });
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    const direct = await new TestClient({ auth: "test" }).config.get({
      owner: "hiimbex",
      repo: "testing-things",
      path: ".github/bot.yml",
    });
    expect(config).to.deep.equal({ labels: ["a"], greeting: "hello" });
    expect(direct.config).to.deep.equal({ greeting: "hello" });
    expect(accepts).to.deep.equal(["application/vnd.github.v3.raw", "application/vnd.github.v3.raw"]);
  });

  it("5: a request no handler answers fails, as onUnhandledRequest: 'error' asks", async () => {
    const { app } = probotStyleApp({ platformToken: "test" });
    let failure: unknown;
    app.on("issues.opened", async (context) => {
      failure = await context.client.repos.get(context.repo()).then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    // msw prints its "[MSW] Error" on console.error: kept here, and checked,
    // so a green run prints nothing alarming.
    const printed: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void printed.push(...args);
    try {
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    } finally {
      console.error = consoleError;
    }
    expect(failure).to.be.instanceOf(Error);
    expect(printed.map(String).join("\n")).to.include(
      "[MSW] Error: intercepted a request without a matching request handler",
    );
  });
});

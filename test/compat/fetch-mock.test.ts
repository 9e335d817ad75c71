import { expect } from "chai";
import fetchMock from "fetch-mock";
import fetchMock10Module from "fetch-mock10";
import { API, issuesOpened, jwtClaims, probotStyleApp, TestClient } from "./probot-style.js";

// fetch-mock 10's types are a CommonJS declaration with `export default`, which TypeScript reads as
// the module's `default` member; its ES module (what `import` loads) exports the instance itself.
const fetchMock10 = fetchMock10Module as unknown as typeof fetchMock10Module.default;
const COMMENTS = `${API}/repos/hiimbex/testing-things/issues/1/comments`;

// fetch-mock 12 replaces the global fetch (mockGlobal) and keeps every call in callHistory;
// fetch-mock 9 and 10 hand a sandbox that apps give the client as `request.fetch`. Probot apps'
// tests use both ways; each must see every request the app makes, the token exchange included.
describe("Probot-style tests with fetch-mock", () => {
  afterEach(() => {
    fetchMock.hardReset();
    fetchMock.unmockGlobal();
  });

  it("fetch-mock 12's mockGlobal sees the token exchange and the comment, and callHistory.done() holds", async () => {
    fetchMock
      .mockGlobal()
      .post(`${API}/app/installations/2/access_tokens`, { token: "test", permissions: { issues: "write" } })
      .post(COMMENTS, { status: 201, body: { id: 1 } });
    const { app } = probotStyleApp();
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });

    expect(fetchMock.callHistory.done(), "every route called").to.equal(true);
    const [exchange] = fetchMock.callHistory.calls(`${API}/app/installations/2/access_tokens`);
    expect(jwtClaims(new Headers(exchange!.options.headers as HeadersInit).get("authorization")!).iss).to.equal(123);
    const [comment] = fetchMock.callHistory.calls(COMMENTS);
    expect(new Headers(comment!.options.headers as HeadersInit).get("authorization")).to.equal("token test");
    expect(JSON.parse(String(comment!.options.body))).to.deep.equal({ body: "Thanks!" });
  });

  it("fetch-mock 12: a request no route answers fails the handler, and the error reaches receive()", async () => {
    fetchMock.mockGlobal();
    const { app } = probotStyleApp({ platformToken: "test" });
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
    });
    const failure = await app.receive({ id: "1", name: "issues", payload: issuesOpened() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(AggregateError);
    const [cause] = (failure as AggregateError).errors as Array<{ status: number; message: string }>;
    expect(cause?.status).to.equal(500);
    expect(cause?.message).to.match(/No response or fallback rule to cover post to .*issues\/1\/comments/);
    expect(fetchMock.callHistory.calls(COMMENTS)).to.have.length(1);
  });

  it("fetch-mock 10's sandbox given as request.fetch answers the client, done() holds", async () => {
    const mock = fetchMock10
      .sandbox()
      .getOnce(`${API}/repos/hiimbex/testing-things/issues`, [{ number: 1 }])
      .postOnce(COMMENTS, { status: 201, body: { id: 1 } });
    const { app } = probotStyleApp({
      platformToken: "test",
      Client: TestClient.defaults({ request: { fetch: mock } }),
    });
    let numbers: number[] = [];
    app.on("issues.opened", async (context) => {
      numbers = (await context.client.paginate(context.client.issues.listForRepo, context.repo())).map(
        (issue) => issue.number,
      );
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });

    expect(numbers).to.deep.equal([1]);
    expect(mock.done(), "every route called").to.equal(true);
    expect(JSON.parse(String(mock.lastOptions(COMMENTS)?.body))).to.deep.equal({ body: "Thanks!" });
  });
});

import { expect } from "chai";
import { runInNewContext } from "node:vm";
import { GraphqlResponseError as OctokitGraphqlResponseError } from "@octokit/graphql";
import { RequestError as OctokitRequestError } from "@octokit/request-error";
import { App, GraphqlResponseError, RequestError, type Context } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

/**
 * Apps tell a failed request from other errors with `error instanceof RequestError`, the class they
 * import from @octokit/request-error (probot-security-alerts: a 404 means "not in the team"). With
 * Probot, the app's copy and the client's were one module when npm deduplicated them. Here the
 * app's copy is often another major (Probot 13's was 5), and under jest's CommonJS runtime the
 * client is the package's bundled copy: the check failed, and a 404 the app meant to handle was
 * thrown. `RequestError` from gh-app-kit holds for the errors of every copy.
 */
describe("RequestError: one class for the errors of every copy of @octokit/request-error", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    platform.on("GET", "/orgs/:org/teams/:team/memberships/:user", () => ({
      status: 404,
      body: { message: "Not Found" },
    }));
  });
  afterEach(() => platform.close());

  const request = { method: "GET", url: "https://api.github.com/x", headers: {} } as const;
  const installationClient = () =>
    new App({ appId: 1, privateKey: getTestKeys().privateKeyPkcs1, baseUrl: platform.url, logLevel: "fatal" }).auth(1);

  it("is the class of a handler's failed request, as the app checks it", async () => {
    const app = new App({
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      baseUrl: platform.url,
      logLevel: "fatal",
    });
    const seen: unknown[] = [];
    app.on("pull_request_review", async (context: Context<"pull_request_review">) => {
      try {
        await context.client.teams.getMembershipForUserInOrg({ org: "octo", team_slug: "approvers", username: "a" });
      } catch (error) {
        if (!(error instanceof RequestError && error.status === 404)) throw error;
        seen.push(error, error.status);
      }
    });
    await app.receive({
      id: "d-1",
      name: "pull_request_review",
      payload: { action: "submitted", installation: { id: 1 }, repository: { name: "r", owner: { login: "octo" } } },
    });
    expect(seen[1]).to.equal(404);
    expect(seen[0]).to.be.an.instanceof(OctokitRequestError);
  });

  it("holds for an error of another copy or version, and of another realm", () => {
    // As @octokit/request-error 2 to 5 made them (their constructor took `headers`).
    class OlderRequestError extends Error {
      override name = "HttpError";
      constructor(
        message: string,
        readonly status: number,
        readonly request: object,
        readonly headers: object = {},
      ) {
        super(message);
      }
    }
    expect(new OlderRequestError("Not Found", 404, request)).to.be.an.instanceof(RequestError);
    const otherRealm: unknown = runInNewContext(
      'Object.assign(new Error("Not Found"), { name: "HttpError", status: 404, request: { method: "GET" } })',
    );
    expect(otherRealm).to.be.an.instanceof(RequestError);
    expect(new OctokitRequestError("Gone", 410, { request })).to.be.an.instanceof(RequestError);
  });

  it("does not hold for what only looks like one", () => {
    expect(new Error("Not Found")).not.to.be.an.instanceof(RequestError);
    expect({ name: "HttpError", status: 404, request }).not.to.be.an.instanceof(RequestError);
    expect(Object.assign(new Error("x"), { name: "HttpError", request })).not.to.be.an.instanceof(RequestError);
    expect(Object.assign(new Error("x"), { name: "HttpError", status: 404 })).not.to.be.an.instanceof(RequestError);
    expect(null).not.to.be.an.instanceof(RequestError);
  });

  // Probot 7 to 13's client errors had `code` (@octokit/request-error 1 to 5: the status, deprecated), and apps of that
  // time test it: `if (err.code !== 404) throw err` (probot/dco, probot/stale, request-info, first-timers).
  it("has Probot 7 to 13's `code` and `headers` on the client's errors", async () => {
    const client = await installationClient();
    const error = (await client.teams
      .getMembershipForUserInOrg({ org: "octo", team_slug: "approvers", username: "a" })
      .catch((e: unknown) => e)) as RequestError;
    expect(error).to.be.an.instanceof(RequestError);
    expect(Object.getPrototypeOf(error)).to.equal(RequestError.prototype);
    expect([error.code, error.status]).to.deep.equal([404, 404]);
    expect(error.headers).to.equal(error.response?.headers);
    expect(error.headers["content-type"]).to.match(/json/);
    // Not an own property: a logged error's fields are as before.
    expect(Object.keys(error)).to.not.include("code");
  });

  it("makes errors as every version's constructor did, `headers` included", () => {
    const made = new RequestError("Validation Failed", 422, {
      request,
      response: { status: 422, url: request.url, headers: { "x-github-request-id": "1" }, data: { errors: [] } },
    });
    expect(made).to.be.an.instanceof(OctokitRequestError);
    expect([made.name, made.status, made.message]).to.deep.equal(["HttpError", 422, "Validation Failed"]);
    expect(made.headers).to.deep.equal({ "x-github-request-id": "1" });
    const older = new RequestError("Not Found", 404, { request, headers: { etag: '"a"' } });
    expect(older.headers).to.deep.equal({ etag: '"a"' });
    expect(older.response).to.equal(undefined);
  });

  // reviewflow: `if (!(err instanceof GraphqlResponseError)) return []`, with the class from its own @octokit/graphql.
  it("GraphqlResponseError: the class of client.graphql()'s errors, as of every copy and of GraphqlError", async () => {
    platform.on("POST", "/graphql", () => ({
      status: 200,
      body: { data: null, errors: [{ type: "NOT_FOUND", message: "Could not resolve to a Repository" }] },
    }));
    const client = await installationClient();
    const error: unknown = await client.graphql('query { repository(owner: "o", name: "r") { id } }').catch((e) => e);
    expect(error).to.be.an.instanceof(GraphqlResponseError);
    expect(error).to.be.an.instanceof(OctokitGraphqlResponseError);
    expect((error as GraphqlResponseError).errors?.[0]?.type).to.equal("NOT_FOUND");
    // @octokit/graphql before 4.8 (Probot 9 to 11) named it GraphqlError; another copy's, another realm's.
    const older = Object.assign(new Error("Could not resolve"), { name: "GraphqlError", errors: [], request: {} });
    expect(older).to.be.an.instanceof(GraphqlResponseError);
    expect(
      runInNewContext('Object.assign(new Error("x"), { name: "GraphqlResponseError", errors: [], request: {} })'),
    ).to.be.an.instanceof(GraphqlResponseError);
    expect(Object.assign(new Error("x"), { name: "GraphqlResponseError", request: {} })).not.to.be.an.instanceof(
      GraphqlResponseError,
    );
    expect(new OctokitRequestError("x", 404, { request })).not.to.be.an.instanceof(GraphqlResponseError);
    expect(error).not.to.be.an.instanceof(RequestError);
  });

  it("keeps the ordinary check for a class of the app's own that extends it", () => {
    class TeamError extends RequestError {}
    expect(new TeamError("x", 404, { request })).to.be.an.instanceof(TeamError);
    expect(new OctokitRequestError("x", 404, { request })).not.to.be.an.instanceof(TeamError);
    expect(new RequestError("x", 404, { request })).not.to.be.an.instanceof(TeamError);
  });
});

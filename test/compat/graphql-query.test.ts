import { expect } from "chai";
import type { AppClient } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { warningApp } from "../helpers/recording-app.js";

type OldQuery = (
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<unknown>;

/**
 * Probot 7 and 8's client sent GraphQL with `github.query(query, variables, headers)`; Probot 9 kept it
 * as a deprecated alias of `github.graphql` (one warning). Apps of that time call
 * `context.github.query(...)`: here the client had no `query`, and the handler threw
 * `context.client.query is not a function`.
 */
describe("Probot 7 to 9: client.query(), the earlier name of client.graphql()", () => {
  let platform: FakePlatform;
  let client: AppClient;
  let warnings: string[];
  let sent: Array<{ body: unknown; accept: string | undefined }>;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: ["a-token"] });
    sent = [];
    platform.on(
      "POST",
      "/graphql",
      (request) => {
        sent.push({ body: request.body, accept: request.headers.accept as string | undefined });
        return { status: 200, body: { data: { viewer: { login: "bot" } } } };
      },
      { auth: "token" },
    );
    const made = warningApp(platform);
    warnings = made.warnings;
    client = await made.app.auth();
  });
  afterEach(() => platform.close());

  it("sends the query and its variables as graphql() does, answers the data, and warns once", async () => {
    const query = (client as unknown as { query: OldQuery }).query;
    const data = await query("query ($login: String!) { user(login: $login) { login } }", { login: "octo" });
    await query("{ viewer { login } }");
    expect(data).to.deep.equal({ viewer: { login: "bot" } });
    expect(sent.map((call) => call.body)).to.deep.equal([
      { query: "query ($login: String!) { user(login: $login) { login } }", variables: { login: "octo" } },
      { query: "{ viewer { login } }" },
    ]);
    expect(warnings.filter((line) => line.includes("client.query() is deprecated"))).to.have.length(1);
  });

  it("sends a third argument's headers with the request, as Probot 7 to 9 did", async () => {
    const query = (client as unknown as { query: OldQuery }).query;
    await query("{ viewer { login } }", {}, { accept: "application/vnd.github.starfox-preview+json" });
    expect(sent[0]?.accept).to.equal("application/vnd.github.starfox-preview+json");
  });

  it("rejects as graphql() does when the answer has errors", async () => {
    platform.on(
      "POST",
      "/graphql",
      () => ({ status: 200, body: { data: null, errors: [{ message: "no such field" }] } }),
      {
        auth: "token",
      },
    );
    const query = (client as unknown as { query: OldQuery }).query;
    const error = await query("{ nope }").then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).to.include("no such field");
  });
});

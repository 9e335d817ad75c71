import { expect } from "chai";
import type { AppClient } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { warningApp } from "../helpers/recording-app.js";

type Response = { data: Array<{ number: number }>; headers: Record<string, string> };
type OldPaginate = (first: Promise<unknown>, callback?: (response: Response, done: () => void) => unknown) => unknown;

/**
 * Probot 7 to 9's `github.paginate(promise, (response, done) => ...)`: the first page's response
 * promise, then each next page by its `link` header, the callback's results concatenated (the
 * responses themselves without a callback). probot-scheduler 1.x lists installations so. Here the
 * promise was taken for a route: `GET ""`, and `res.data.forEach is not a function`.
 */
describe("Probot 7 to 9: client.paginate(promise, callback)", () => {
  let platform: FakePlatform;
  let client: AppClient;
  let warnings: string[];
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: ["a-token"] });
    platform.setIssues(
      "octo",
      "hello",
      [1, 2, 3, 4, 5].map((number) => ({ number })),
    );
    const made = warningApp(platform);
    warnings = made.warnings;
    client = await made.app.auth();
  });
  afterEach(() => platform.close());

  const firstPage = () => client.issues.listForRepo({ owner: "octo", repo: "hello", per_page: 2 });

  it("follows the pages from the first response, concatenating what the callback returns", async () => {
    const paginate = client.paginate as unknown as OldPaginate;
    const numbers = await paginate(firstPage(), (response) => response.data.map((issue) => issue.number));
    expect(numbers).to.deep.equal([1, 2, 3, 4, 5]);
    expect(platform.calls.map((call) => call.query.get("page") ?? "1")).to.deep.equal(["1", "2", "3"]);
    expect(warnings.join("\n")).to.include("client.paginate(promise, callback) is deprecated");
  });

  it("stops when the callback calls done(), and gives the responses without a callback", async () => {
    const paginate = client.paginate as unknown as OldPaginate;
    const first = await paginate(firstPage(), (response, done) => {
      done();
      return response.data;
    });
    expect(first).to.deep.equal([{ number: 1 }, { number: 2 }]);
    const responses = (await paginate(firstPage())) as Response[];
    expect(responses.map((response) => response.data.length)).to.deep.equal([2, 2, 1]);
  });

  it("leaves today's forms as they are", async () => {
    const all = await client.paginate(client.issues.listForRepo, { owner: "octo", repo: "hello", per_page: 2 });
    expect(all.map((issue) => issue.number)).to.deep.equal([1, 2, 3, 4, 5]);
  });
});

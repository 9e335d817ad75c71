import { expect } from "chai";
import { App } from "../../src/index.js";

// Probot 10 to 14's context.config() calls `octokit.config.get({ owner, repo, path, defaults })`, no
// other key. nikku/merge-me's tests replay recorded calls and compare the parameters (without
// `defaults`) with chai's deep equality: the `mergeOptions: undefined` passed here failed them.
describe("compat: the parameters context.config() gives the client's config.get()", () => {
  const payload = {
    action: "opened",
    issue: { number: 7 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 42 },
  };

  async function keysGiven(...args: unknown[]): Promise<string[]> {
    let given: Record<string, unknown> = {};
    const double = {
      config: {
        get: async (parameters: Record<string, unknown>) => {
          given = parameters;
          return { config: { a: 1 }, files: [{ path: ".github/my.yml", config: { a: 1 } }] };
        },
      },
    };
    const app = new App({ platformToken: "t" });
    app.auth = () => Promise.resolve(double as never);
    app.on("issues.opened", async (context) => {
      await (context.config as (...a: unknown[]) => Promise<unknown>)(...args);
    });
    await app.receive({ id: "1", name: "issues", payload } as never);
    return Object.keys(given);
  }

  it("are Probot's: owner, repo, path and defaults", async () => {
    expect(await keysGiven("my.yml", {})).to.deep.equal(["owner", "repo", "path", "defaults"]);
    expect(await keysGiven("my.yml")).to.deep.equal(["owner", "repo", "path", "defaults"]);
  });

  it("the merge options go too when given", async () => {
    expect(await keysGiven("my.yml", {}, { arrayMerge: (_a: unknown[], b: unknown[]) => b })).to.include(
      "mergeOptions",
    );
  });
});

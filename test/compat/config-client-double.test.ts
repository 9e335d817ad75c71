import { expect } from "chai";
import { App, type AppClient } from "../../src/index.js";

// Before Probot 10.9, context.config() read the file with the client itself: Probot 9 through
// `repos.getContents(params)` (@octokit/rest 16), Probot 10.0 to 10.8 through
// `request("GET /repos/{owner}/{repo}/contents/{path}", params)`, decoding the base64 `content`
// of the answer. Their tests hand events a client double with only those methods (through a
// replaced app.auth, or the Octokit option), and no `config` plugin, which context.config() here
// reads through: "Cannot read properties of undefined (reading 'get')".
const payload = {
  action: "opened",
  issue: { number: 7 },
  repository: { name: "r", owner: { login: "o" } },
  installation: { id: 42 },
};

const yaml = (text: string) => ({ data: { content: Buffer.from(text).toString("base64") } });
const notFound = () => Promise.reject(Object.assign(new Error("Not Found"), { status: 404 }));

/** The config an `issues.opened` handler reads with `client` as the event's client, or its error. */
async function readConfig(client: object, ...args: [string, object?]): Promise<unknown> {
  const app = new App({ appId: 1, privateKey: "not used", secret: "s" });
  let result: unknown;
  app.on("issues.opened", async (context) => {
    result = await context.config(...args).catch((error: unknown) => ({ error }));
  });
  app.auth = () => Promise.resolve(client as AppClient);
  await app.receive({ id: "1", name: "issues", payload } as never);
  return result;
}

describe("compat: context.config() with a client double of Probot 9 and 10 (no config plugin)", () => {
  it("reads the file through repos.getContents, as Probot 9 did, and decodes its base64 content", async () => {
    const asked: unknown[] = [];
    const client = {
      repos: {
        getContents: (params: { path: string }) => {
          asked.push(params);
          return params.path === ".github/todo.yml" ? Promise.resolve(yaml("keyword: [TODO]\n")) : notFound();
        },
      },
    };
    expect(await readConfig(client, "todo.yml")).to.deep.equal({ keyword: ["TODO"] });
    expect(asked[0]).to.deep.equal({ owner: "o", repo: "r", path: ".github/todo.yml" });
  });

  it("a 404 from the double is no file: null, or the defaults", async () => {
    const client = { repos: { getContents: notFound } };
    expect(await readConfig(client, "todo.yml")).to.equal(null);
    expect(await readConfig(client, "todo.yml", { keyword: "TODO" })).to.deep.equal({ keyword: "TODO" });
  });

  it("reads through repos.getContent, or request() alone (Probot 10.0 to 10.8), and follows _extends", async () => {
    const getContent = (params: { repo: string; path: string }) =>
      params.repo === "base" ? Promise.resolve(yaml("a: 1\nb: 1\n")) : Promise.resolve(yaml("_extends: base\nb: 2\n"));
    expect(await readConfig({ repos: { getContent } }, "x.yml")).to.deep.equal({ a: 1, b: 2 });
    const routes: string[] = [];
    const request = (route: string, params: { repo: string; path: string }) => {
      routes.push(route);
      return getContent(params);
    };
    expect(await readConfig({ request }, "x.yml")).to.deep.equal({ a: 1, b: 2 });
    expect(routes[0]).to.equal("GET /repos/{owner}/{repo}/contents/{path}");
  });

  it("a double with no way to read a file gets an AppError that says what to add, not a TypeError", async () => {
    const result = (await readConfig({ issues: {} }, "todo.yml")) as { error?: { code?: string; hint?: string } };
    expect(result.error?.code).to.equal("CONFIG_UNREADABLE");
    expect(result.error?.hint).to.match(/config\.get|getContent/);
  });
});

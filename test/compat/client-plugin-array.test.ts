import { expect } from "chai";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppClient } from "../../src/index.js";

// Probot 9's client was @octokit/rest 16, whose `plugin()` took a plugin or an array of them;
// apps of that time wrote `ProbotOctokit.plugin([AuthPlugin])` (uber-workflow/probot-app-usync
// makes its client so while its module loads). Octokit's core takes plugins as arguments only:
// given an array, making a client threw `classConstructor.plugins[i] is not a function`.
describe("compat: AppClient.plugin([...]), the array form of Probot 9's client", () => {
  let server: Server;
  let baseUrl: string;
  const seen: IncomingHttpHeaders[] = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const marked = (octokit: { hook: { before: (name: string, fn: (o: any) => void) => void } }) => {
    octokit.hook.before("request", (options) => {
      options.headers["x-marked"] = "yes";
    });
    return { marked: true };
  };
  const named = () => ({ named: "plugin" });

  it("takes an array of plugins as their list, and a client it makes has each of them", async () => {
    const Client = AppClient.plugin([marked, named] as never);
    const client = new Client({ baseUrl, throttle: { enabled: false }, retry: { enabled: false } }) as never as {
      marked: boolean;
      named: string;
      request: (route: string) => Promise<unknown>;
    };
    expect([client.marked, client.named]).to.deep.equal([true, "plugin"]);
    await client.request("GET /zen");
    expect(seen.at(-1)?.["x-marked"]).to.equal("yes");
  });

  it("still takes plugins as arguments, and a plugin given twice is applied once", () => {
    const Client = AppClient.plugin(named).plugin([named, marked] as never);
    const client = new Client({}) as never as { marked: boolean; named: string };
    expect([client.marked, client.named]).to.deep.equal([true, "plugin"]);
    expect((Client as unknown as { plugins: unknown[] }).plugins.filter((p) => p === named)).to.have.length(1);
  });
});

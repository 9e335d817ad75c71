import { expect } from "chai";
import { AppClient } from "../../src/client/app-client.js";

type Endpoint = { endpoint: (parameters: object) => { method: string; url: string } };
const base = "https://api.github.com";

describe("AppClient's two shapes of methods", () => {
  const client = new AppClient({ throttle: { enabled: false } }) as unknown as Record<
    string,
    Record<string, Endpoint>
  > & {
    rest: Record<string, Record<string, Endpoint>>;
  };

  const changed: ReadonlyArray<[name: string, parameters: object, root: string, rest: string]> = [
    [
      "repos.downloadArchive",
      { owner: "o", repo: "r", archive_format: "tarball", ref: "main" },
      "GET /repos/o/r/tarball/main",
      "GET /repos/o/r/zipball/main",
    ],
    ["projects.listForOrg", { org: "acme" }, "GET /orgs/acme/projects", "GET /orgs/acme/projectsV2"],
  ];
  for (const [name, parameters, root, rest] of changed) {
    it(`${name}: the root sends the catalogue's route, rest today's`, () => {
      const [group, method] = name.split(".") as [string, string];
      const atRoot = client[group]![method]!.endpoint(parameters);
      const underRest = client.rest[group]![method]!.endpoint(parameters);
      expect(`${atRoot.method} ${atRoot.url.replace(base, "").replace(/\?.*$/, "")}`).to.equal(root);
      expect(`${underRest.method} ${underRest.url.replace(base, "").replace(/\?.*$/, "")}`).to.equal(rest);
    });
  }

  it("shares every other method between the root and rest", () => {
    expect(client.repos!.get).to.equal(client.rest.repos!.get);
    expect(client.issues!.createComment).to.equal(client.rest.issues!.createComment);
  });
});

describe("client.config.get, the catalogue's 702nd method", () => {
  it("has defaults and endpoint like every other method", () => {
    const client = new AppClient({ throttle: { enabled: false } });
    const { get } = client.config;
    const { method, url } = get.endpoint({ owner: "o", repo: "r", path: ".github/app.yml" });
    expect(`${method} ${url}`).to.equal("GET https://api.github.com/repos/o/r/contents/.github%2Fapp.yml");
    expect(get.defaults({ defaults: { a: 1 } }))
      .to.be.a("function")
      .with.property("endpoint");
  });
});

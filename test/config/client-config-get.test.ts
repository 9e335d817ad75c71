import { expect } from "chai";
import { Octokit } from "@octokit/core";
import { config as configPlugin } from "../../src/client/plugins/config.js";
import type { Configuration, GetConfigOptions, GetConfigResult } from "../../src/config/types.js";
import { useConfigFixture } from "./helpers/config-fixture.js";

type Row = {
  rule: string;
  files: Record<string, string>;
  options: Partial<GetConfigOptions<Configuration>>;
  expected: (url: (address: string) => string) => GetConfigResult;
};

const at = (owner: string, repo: string, path: string) => ({ owner, repo, path });

// client.config.get({ owner, repo, path, defaults, branch }) resolves to { config, files }.
const rows: Row[] = [
  {
    rule: "files lists every file looked at, in lookup order, with null for a missing one",
    files: {
      "octo/.github:.github/app.yml": "_extends: settings\nshared: 1",
      "octo/settings:.github/app.yml": "base: 1",
    },
    options: {},
    expected: (url) => ({
      config: { base: 1, shared: 1 },
      files: [
        { ...at("octo", "hello", ".github/app.yml"), url: url("octo/hello/contents/.github%2Fapp.yml"), config: null },
        {
          ...at("octo", ".github", ".github/app.yml"),
          url: url("octo/.github/contents/.github%2Fapp.yml"),
          config: { shared: 1 },
        },
        {
          ...at("octo", "settings", ".github/app.yml"),
          url: url("octo/settings/contents/.github%2Fapp.yml"),
          config: { base: 1 },
        },
      ],
    }),
  },
  {
    rule: "config is the defaults when no file exists",
    files: {},
    options: { defaults: { greeting: "hi" } },
    expected: (url) => ({
      config: { greeting: "hi" },
      files: [
        { ...at("octo", "hello", ".github/app.yml"), url: url("octo/hello/contents/.github%2Fapp.yml"), config: null },
        {
          ...at("octo", ".github", ".github/app.yml"),
          url: url("octo/.github/contents/.github%2Fapp.yml"),
          config: null,
        },
      ],
    }),
  },
  {
    rule: "the owner's .github repository has no fallback of its own",
    files: {},
    options: { repo: ".github" },
    expected: (url) => ({
      config: {},
      files: [
        {
          ...at("octo", ".github", ".github/app.yml"),
          url: url("octo/.github/contents/.github%2Fapp.yml"),
          config: null,
        },
      ],
    }),
  },
  {
    rule: "branch reads the requested repository at that ref",
    files: { "octo/hello:.github/app.yml": "from: main", "octo/hello:.github/app.yml@feature/x": "from: feature" },
    options: { branch: "feature/x" },
    expected: (url) => ({
      config: { from: "feature" },
      files: [
        {
          ...at("octo", "hello", ".github/app.yml"),
          url: url("octo/hello/contents/.github%2Fapp.yml?ref=feature%2Fx"),
          config: { from: "feature" },
        },
      ],
    }),
  },
  {
    rule: "a branch's file may extend the same file on the default branch",
    files: {
      "octo/hello:.github/app.yml": "a: main\nb: main",
      "octo/hello:.github/app.yml@feature": "_extends: hello\nb: feature",
    },
    options: { branch: "feature" },
    expected: (url) => ({
      config: { a: "main", b: "feature" },
      files: [
        {
          ...at("octo", "hello", ".github/app.yml"),
          url: url("octo/hello/contents/.github%2Fapp.yml?ref=feature"),
          config: { b: "feature" },
        },
        {
          ...at("octo", "hello", ".github/app.yml"),
          url: url("octo/hello/contents/.github%2Fapp.yml"),
          config: { a: "main", b: "main" },
        },
      ],
    }),
  },
  {
    rule: "defaults may be a function of the configs, bases first",
    files: { "octo/hello:.github/app.yml": "_extends: settings\nn: 2", "octo/settings:.github/app.yml": "n: 1" },
    options: { defaults: (configs: Configuration[]) => ({ ns: configs.map((item) => item["n"]) }) },
    expected: (url) => ({
      config: { ns: [1, 2] },
      files: [
        {
          ...at("octo", "hello", ".github/app.yml"),
          url: url("octo/hello/contents/.github%2Fapp.yml"),
          config: { n: 2 },
        },
        {
          ...at("octo", "settings", ".github/app.yml"),
          url: url("octo/settings/contents/.github%2Fapp.yml"),
          config: { n: 1 },
        },
      ],
    }),
  },
  {
    rule: "files hold the configs without __proto__, constructor or prototype keys",
    files: {
      "octo/hello:.github/app.yml": "constructor: 1\nprototype: 2\n__proto__: 3\nkept: {constructor: 4, ok: 5}",
    },
    options: { defaults: (configs: Configuration[]) => configs[0] ?? {} },
    expected: (url) => ({
      config: { kept: { ok: 5 } },
      files: [
        {
          ...at("octo", "hello", ".github/app.yml"),
          url: url("octo/hello/contents/.github%2Fapp.yml"),
          config: { kept: { ok: 5 } },
        },
      ],
    }),
  },
  {
    rule: "path is the file's path from the repository's root",
    files: { "octo/hello:config/app.json": '{"root": true}' },
    options: { path: "config/app.json" },
    expected: (url) => ({
      config: { root: true },
      files: [
        {
          ...at("octo", "hello", "config/app.json"),
          url: url("octo/hello/contents/config%2Fapp.json"),
          config: { root: true },
        },
      ],
    }),
  },
];

describe("client.config.get()", () => {
  const fixture = useConfigFixture();
  const url = (rest: string) => `${fixture.platform.url}/repos/${rest}`;

  for (const row of rows) {
    it(row.rule, async () => {
      for (const [address, text] of Object.entries(row.files)) fixture.files.set(address, text);
      const { app } = fixture.newApp();
      const client = await app.auth(1);
      const result = await client.config.get({ owner: "octo", repo: "hello", path: ".github/app.yml", ...row.options });
      expect(result).to.deep.equal(row.expected(url));
    });
  }

  it("refuses a path that leaves the repository, before any request", async () => {
    const client = await fixture.newApp().app.auth(1);
    const error = await client.config
      .get({ owner: "octo", repo: "hello", path: ".github/../../x.yml" })
      .catch((failure: unknown) => failure);
    expect(error).to.include({ code: "CONFIG_PATH_INVALID" });
    expect((error as Error).message).to.equal(
      'The config path ".github/../../x.yml" in octo/hello is not allowed: a .. segment would leave the folder.',
    );
    expect(fixture.files.reads()).to.have.length(0);
  });

  it("asks for the owner and repo when one is missing", async () => {
    const client = await fixture.newApp().app.auth(1);
    const error = await client.config
      .get({ owner: "", repo: "hello", path: ".github/app.yml" })
      .catch((failure: unknown) => failure);
    expect(error).to.include({ code: "OPTION_INVALID" });
  });

  it("works on a plain Octokit with only the plugin", async () => {
    fixture.files.set("octo/hello:.github/app.yml", "plain: true");
    const Client = Octokit.plugin(configPlugin);
    const client = new Client({ auth: fixture.platform.issueToken(1), baseUrl: fixture.platform.url });
    const { config } = await client.config.get({ owner: "octo", repo: "hello", path: ".github/app.yml" });
    expect(config).to.deep.equal({ plain: true });
    expect(configPlugin.VERSION).to.be.a("string");
  });

  it("passes a platform error other than 404 on as it is", async () => {
    const client = await fixture.newApp().app.auth(1);
    fixture.platform.failNext("GET", "/repos/:owner/:repo/contents/:path+", {
      status: 403,
      body: { message: "Resource not accessible by integration" },
    });
    const error = await client.config
      .get({ owner: "octo", repo: "hello", path: ".github/app.yml" })
      .catch((failure: unknown) => failure);
    expect(error).to.include({ status: 403 });
  });
});

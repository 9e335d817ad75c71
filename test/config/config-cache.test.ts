import { expect } from "chai";
import type { App } from "../../src/app.js";
import { useConfigFixture, type ConfigFixture } from "./helpers/config-fixture.js";

type Step =
  | { read: string; repo?: string; branch?: string }
  | { set: string; text: string }
  | { remove: string }
  | { push: Record<string, unknown> }
  | { otherApp: true };

type Row = {
  rule: string;
  files: Record<string, string>;
  steps: Step[];
  /** For each read step, in order: the config it resolved to. */
  configs: unknown[];
  /** For each request to the contents route, in order: conditional (sent If-None-Match) or not, and the answer. */
  requests: Array<[conditional: boolean, status: number]>;
};

const FILE = "octo/hello:.github/app.yml";
const pushTo = (repository: string, commits: unknown[], extra: Record<string, unknown> = {}) => ({
  ref: "refs/heads/main",
  repository: {
    name: repository.split("/")[1],
    full_name: repository,
    owner: { login: repository.split("/")[0], name: repository.split("/")[0] },
  },
  commits,
  installation: { id: 1 },
  ...extra,
});
const touching = (...paths: string[]) => ({ added: [], modified: paths, removed: [] });

const rows: Row[] = [
  {
    rule: "a second read sends If-None-Match, and the 304 costs no second body",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [true, 304],
    ],
  },
  {
    rule: "a changed file is answered 200 and its new content wins",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { set: FILE, text: "a: 2" }, { read: "app.yml" }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 2 }, { a: 2 }],
    requests: [
      [false, 200],
      [true, 200],
      [true, 304],
    ],
  },
  {
    rule: "bases are revalidated with their ETags too",
    files: { [FILE]: "_extends: settings", "octo/settings:.github/app.yml": "b: 1" },
    steps: [{ read: "app.yml" }, { read: "app.yml" }],
    configs: [{ b: 1 }, { b: 1 }],
    requests: [
      [false, 200],
      [false, 200],
      [true, 304],
      [true, 304],
    ],
  },
  {
    rule: "the cache is shared by every context of the app",
    files: { [FILE]: "a: 1", "octo/other:.github/app.yml": "o: 1" },
    steps: [{ read: "app.yml" }, { read: "app.yml", repo: "octo/other" }, { read: "app.yml" }],
    configs: [{ a: 1 }, { o: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
      [true, 304],
    ],
  },
  {
    rule: "two apps do not share a cache",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { otherApp: true }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
    ],
  },
  {
    rule: "a deleted file reads as null and drops its entry",
    files: { [FILE]: "a: 1" },
    steps: [
      { read: "app.yml" },
      { remove: FILE },
      { read: "app.yml" },
      { set: FILE, text: "a: 1" },
      { read: "app.yml" },
    ],
    configs: [{ a: 1 }, null, { a: 1 }],
    requests: [
      [false, 200],
      [true, 404],
      [false, 404],
      [false, 200],
    ],
  },
  {
    rule: "a push touching the file drops the cache entry",
    files: { [FILE]: "a: 1" },
    steps: [
      { read: "app.yml" },
      { push: pushTo("octo/hello", [touching("README.md"), touching(".github/app.yml")]) },
      { read: "app.yml" },
    ],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
    ],
  },
  {
    rule: "a push that removes the file drops the cache entry",
    files: { [FILE]: "a: 1" },
    steps: [
      { read: "app.yml" },
      { push: pushTo("octo/hello", [{ added: [], modified: [], removed: [".github/app.yml"] }]) },
      { read: "app.yml" },
    ],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
    ],
  },
  {
    rule: "a push touching other files keeps the entry",
    files: { [FILE]: "a: 1" },
    steps: [
      { read: "app.yml" },
      { push: pushTo("octo/hello", [touching("README.md", ".github/other.yml")]) },
      { read: "app.yml" },
    ],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [true, 304],
    ],
  },
  {
    rule: "a push to another repository keeps the entry",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { push: pushTo("octo/other", [touching(".github/app.yml")]) }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [true, 304],
    ],
  },
  {
    rule: "a push touching a base drops the base's entry only",
    files: { [FILE]: "_extends: settings", "octo/settings:.github/app.yml": "b: 1" },
    steps: [{ read: "app.yml" }, { push: pushTo("octo/settings", [touching(".github/app.yml")]) }, { read: "app.yml" }],
    configs: [{ b: 1 }, { b: 1 }],
    requests: [
      [false, 200],
      [false, 200],
      [true, 304],
      [false, 200],
    ],
  },
  {
    rule: "a forced push drops every entry of the repository",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { push: pushTo("octo/hello", [], { forced: true }) }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
    ],
  },
  {
    rule: "a push whose commits list no files drops every entry of the repository",
    files: { [FILE]: "a: 1" },
    steps: [{ read: "app.yml" }, { push: pushTo("octo/hello", [{ id: "abc" }]) }, { read: "app.yml" }],
    configs: [{ a: 1 }, { a: 1 }],
    requests: [
      [false, 200],
      [false, 200],
    ],
  },
  {
    rule: "entries are kept per ref: a branch does not reuse the default branch's ETag",
    files: { [FILE]: "from: main", [`${FILE}@dev`]: "from: dev" },
    steps: [
      { read: "app.yml", branch: "main" },
      { read: "app.yml", branch: "dev" },
      { read: "app.yml", branch: "main" },
      { read: "app.yml", branch: "dev" },
    ],
    configs: [{ from: "main" }, { from: "dev" }, { from: "main" }, { from: "dev" }],
    requests: [
      [false, 200],
      [false, 200],
      [true, 304],
      [true, 304],
    ],
  },
  {
    rule: "a file that is invalid stays an error when answered 304",
    files: { [FILE]: "a: [" },
    steps: [{ read: "app.yml" }, { read: "app.yml" }],
    configs: ["CONFIG_INVALID", "CONFIG_INVALID"],
    requests: [
      [false, 200],
      [true, 304],
    ],
  },
];

async function runSteps(fixture: ConfigFixture, steps: Step[]): Promise<unknown[]> {
  // No push handler: the framework drops what a push changed whether or not the app listens to pushes.
  let app: App = fixture.newApp().app;
  const configs: unknown[] = [];
  for (const step of steps) {
    if ("read" in step && step.branch !== undefined) {
      const context = fixture.context(app, step.repo);
      const { config } = await context.client.config.get({
        ...context.repo(),
        path: `.github/${step.read}`,
        branch: step.branch,
      });
      configs.push(config);
    } else if ("read" in step) {
      configs.push(
        await fixture
          .context(app, step.repo)
          .config(step.read)
          .catch((error: { code?: string }) => error.code),
      );
    } else if ("set" in step) {
      fixture.files.set(step.set, step.text);
    } else if ("remove" in step) {
      fixture.files.delete(step.remove);
    } else if ("push" in step) {
      await app.receive({ id: "push-1", name: "push", payload: step.push });
    } else {
      app = fixture.newApp().app;
    }
  }
  return configs;
}

describe("context.config(): the ETag cache", () => {
  const fixture = useConfigFixture();

  for (const row of rows) {
    it(row.rule, async () => {
      for (const [address, text] of Object.entries(row.files)) fixture.files.set(address, text);
      expect(await runSteps(fixture, row.steps)).to.deep.equal(row.configs);
      const requests = fixture.files
        .reads()
        .map((call, index) => [call.headers["if-none-match"] !== undefined, fixture.files.statuses()[index]]);
      expect(requests).to.deep.equal(row.requests);
    });
  }

  it("a handler of the push that changed the file reads the new file", async () => {
    fixture.files.set(FILE, "a: 1");
    const { app } = fixture.newApp();
    expect(await fixture.context(app).config("app.yml")).to.deep.equal({ a: 1 });
    fixture.files.set(FILE, "a: 2");
    let seen: unknown;
    app.on("push", async (context) => {
      seen = await context.config("app.yml");
    });
    await app.receive({ id: "push-2", name: "push", payload: pushTo("octo/hello", [touching(".github/app.yml")]) });
    expect(seen).to.deep.equal({ a: 2 });
    expect(fixture.files.reads().map((call) => call.headers["if-none-match"] !== undefined)).to.deep.equal([
      false,
      false,
    ]);
  });

  it("hands out copies: changing a result does not change the next", async () => {
    fixture.files.set(FILE, "list: [1]\nnested: {a: 1}");
    const { app } = fixture.newApp();
    const first = (await fixture.context(app).config("app.yml")) as { list: number[]; nested: { a: number } };
    first.list.push(2);
    first.nested.a = 99;
    expect(await fixture.context(app).config("app.yml")).to.deep.equal({ list: [1], nested: { a: 1 } });
  });
});

import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * Context doubles that tests build in parts: a shared literal (often frozen) without the event's
 * payload, spread into the context each test hands to the app. Its `octokit` key is the context's
 * client as much as a key of the final literal would be.
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "a frozen part assigned in a hook, spread into a context with its payload",
    [
      "let fakeContext;",
      "beforeEach(() => {",
      "  fakeContext = Object.freeze({ octokit: { checks: { create: stub } }, repo: repoStub });",
      "});",
      "async function check(title) {",
      "  const given = { ...fakeContext, payload: { pull_request: { title } } };",
      "  await sut.run(given);",
      "}",
      "",
    ].join("\n"),
    [
      "let fakeContext;",
      "beforeEach(() => {",
      "  fakeContext = Object.freeze({ client: { checks: { create: stub } }, repo: repoStub });",
      "});",
      "async function check(title) {",
      "  const given = { ...fakeContext, payload: { pull_request: { title } } };",
      "  await sut.run(given);",
      "}",
      "",
    ].join("\n"),
  ],
  [
    "parts of parts, and a frozen context",
    [
      "const base = { octokit: fake, repo };",
      "const middle = { ...base, isBot: () => false };",
      "const given = { ...middle, payload };",
      "const context = Object.freeze({ octokit: fake });",
      "",
    ].join("\n"),
    [
      "const base = { client: fake, repo };",
      "const middle = { ...base, isBot: () => false };",
      "const given = { ...middle, payload };",
      "const context = Object.freeze({ client: fake });",
      "",
    ].join("\n"),
  ],
  [
    "a literal spread into something that is not a context stays, and so does one of the same name elsewhere",
    [
      "const options = { octokit: fake, owner, repo };",
      "helper({ ...options, name: 'push' });",
      "function a() { const part = { octokit: fake }; return part; }",
      "function b() { const part = {}; return { ...part, payload }; }",
      "",
    ].join("\n"),
    [
      "const options = { octokit: fake, owner, repo };",
      "helper({ ...options, name: 'push' });",
      "function a() { const part = { octokit: fake }; return part; }",
      "function b() { const part = {}; return { ...part, payload }; }",
      "",
    ].join("\n"),
  ],
  [
    // godaddy/pullie's tests: a context double made in a hook, and a test that replaces its client
    // by spreading it into a new literal. That literal holds every key of the double, payload included.
    "a literal that spreads a variable holding a context double, to give it another client",
    [
      "let mockContext;",
      "beforeEach(() => {",
      "  mockContext = { octokit: { issues: { listForRepo: one } }, repo() {}, payload: { pull_request } };",
      "});",
      "it('two pull requests', async () => {",
      "  mockContext = { ...mockContext, octokit: { issues: { listForRepo: two } } };",
      "  await plugin.processRequest(mockContext);",
      "});",
      "const copy = { ...context, octokit: three };",
      "",
    ].join("\n"),
    [
      "let mockContext;",
      "beforeEach(() => {",
      "  mockContext = { client: { issues: { listForRepo: one } }, repo() {}, payload: { pull_request } };",
      "});",
      "it('two pull requests', async () => {",
      "  mockContext = { ...mockContext, client: { issues: { listForRepo: two } } };",
      "  await plugin.processRequest(mockContext);",
      "});",
      "const copy = { ...context, client: three };",
      "",
    ].join("\n"),
  ],
  [
    "a literal that spreads a variable holding something else stays",
    [
      "let options = { octokit: fake, owner };",
      "options = { ...options, octokit: other };",
      "function f() { let mockOptions = { octokit: fake }; return { ...mockOptions, octokit: other }; }",
      "",
    ].join("\n"),
    [
      "let options = { octokit: fake, owner };",
      "options = { ...options, octokit: other };",
      "function f() { let mockOptions = { octokit: fake }; return { ...mockOptions, octokit: other }; }",
      "",
    ].join("\n"),
  ],
  [
    // Probot 9 and 10's `github` key, in a file that names neither probot nor octokit (as
    // semantic-pull-requests' tests would without their comment): the double was left as it was.
    "a context double with Probot 10's github key, in a file that never names probot",
    ["const context = { github: fake, payload: { issue } };", "handler(context);", ""].join("\n"),
    ["const context = { client: fake, payload: { issue } };", "handler(context);", ""].join("\n"),
  ],
  [
    // ampproject/amp-github-apps' owners bot: GitHub.fromContext(context) reads context.octokit, and its
    // test hands it a literal that is no variable's value.
    "a literal handed straight to a function of the app, with the context's repo() helper",
    [
      "const github = GitHub.fromContext({",
      "  repo: () => ({ repo: 'r', owner: 'o' }),",
      "  octokit: mockGithubClient,",
      "  log: logStub,",
      "});",
      "",
    ].join("\n"),
    [
      "const github = GitHub.fromContext({",
      "  repo: () => ({ repo: 'r', owner: 'o' }),",
      "  client: mockGithubClient,",
      "  log: logStub,",
      "});",
      "",
    ].join("\n"),
  ],
  [
    "a literal with a context's helpers as functions (repo(), issue: jest.fn()), wherever it goes",
    [
      "run({ octokit: a, repo() { return { owner, repo }; } });",
      "run({ octokit: b, issue: jest.fn((o) => o) });",
      "run({ octokit: c, pullRequest: sinon.stub().returnsArg(0) });",
      "",
    ].join("\n"),
    [
      "run({ client: a, repo() { return { owner, repo }; } });",
      "run({ client: b, issue: jest.fn((o) => o) });",
      "run({ client: c, pullRequest: sinon.stub().returnsArg(0) });",
      "",
    ].join("\n"),
  ],
  [
    "options with an owner and repo, a literal given to a function named for a context, and a repo that is a value stay",
    [
      "helper({ octokit: fake, owner, repo });",
      "const ctx = createCtx({ octokit: createMockOctokit('read') });",
      "const Ctx = React.createContext({ octokit: null });",
      "vm.createContext({ octokit });",
      "run({ octokit: d, repo: 'r', issue: 5 });",
      "",
    ].join("\n"),
    [
      "helper({ octokit: fake, owner, repo });",
      "const ctx = createCtx({ octokit: createMockOctokit('read') });",
      "const Ctx = React.createContext({ octokit: null });",
      "vm.createContext({ octokit });",
      "run({ octokit: d, repo: 'r', issue: 5 });",
      "",
    ].join("\n"),
  ],
];

describe("app migrate: context doubles built in parts", () => {
  for (const [what, input, output] of CASES) {
    it(what, () => {
      const migrated = migrateSource("test/handler.test.js", input);
      expect(migrated.code).to.equal(output);
      const again = migrateSource("test/handler.test.js", migrated.code);
      expect(again.code, "a second run changes nothing").to.equal(migrated.code);
      expect(again.changes).to.deep.equal([]);
    });
  }
});

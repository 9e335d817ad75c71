import { expect } from "chai";
import * as framework from "../../src/index.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As probot/attachments (a Probot 6 extension): its tests take Probot 6's Context class as the whole
// module `probot/lib/context` (module.exports = Context there; Probot 7 and later export { Context })
// and build contexts by hand. app migrate reported the internal module and left it, so the test file
// did not load: `Cannot find module 'probot/lib/context'`.
const SOURCE = [
  "const Context = require('probot/lib/context')",
  "const github = { issues: { editComment: (params) => params } }",
  "const context = new Context({ payload: { comment: { id: 42 }, repository: { owner: { login: 'o' }, name: 'r' } } }, github)",
  "module.exports = context.github.issues.editComment(context.repo({ id: context.payload.comment.id }))",
  "",
].join("\n");

/** [what it shows, file name, source, what app migrate writes]. */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "a require() of the module under another name",
    "test/a.test.js",
    'const Ctx = require("probot/lib/context");\nnew Ctx({ payload: {} }, {});\n',
    'const { Context: Ctx } = require("gh-app-kit");\nnew Ctx({ payload: {} }, {});\n',
  ],
  [
    "a default import of the module",
    "test/b.test.mjs",
    'import Context from "probot/lib/context";\nexport const c = new Context({ payload: {} }, {});\n',
    'import { Context } from "gh-app-kit";\nexport const c = new Context({ payload: {} }, {});\n',
  ],
];

describe("app migrate: Probot 6's module probot/lib/context, which is the Context class", () => {
  it("takes Context from gh-app-kit, and the context built by hand works as on Probot 6", () => {
    const result = migrateSource("test/index.test.js", SOURCE);
    expect(result.problems).to.deep.equal([]);
    expect(result.code.split("\n")[0]).to.equal("const { Context } = require('gh-app-kit')");
    const module = { exports: undefined as unknown };
    const load = (name: string) => (name === "gh-app-kit" ? framework : undefined);
    new Function("require", "module", result.code)(load, module);
    expect(module.exports).to.deep.equal({ owner: "o", repo: "r", id: 42 });
  });

  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems).to.deep.equal([]);
      expect(result.code).to.equal(after);
    });
  }

  it("leaves Probot 7 to 9's shape of it (a module with a Context member) to the report", () => {
    const result = migrateSource(
      "test/c.test.js",
      'const lib = require("probot/lib/context");\nnew lib.Context({}, {});\n',
    );
    expect(result.problems.map((problem) => problem.message).join("\n")).to.include("probot/lib/context");
  });
});

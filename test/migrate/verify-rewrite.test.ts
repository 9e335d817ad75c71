import { expect } from "chai";
import { findUnintendedChange } from "../../src/migrate/verify-rewrite.js";

/** The ranges of `before` where `token` occurs (the places an edit was meant for). */
function rangesOf(before: string, token: string): Array<[number, number]> {
  const pattern = token.startsWith('"') ? token : `\\b${token}\\b`;
  return [...before.matchAll(new RegExp(pattern, "g"))].map((m) => [m.index, m.index + token.length]);
}

describe("findUnintendedChange: a rewrite is written only when it is the intended one", () => {
  const before = 'const { Probot } = require("probot");\n\tawait context.octokit.issues.createComment({ body });\n';

  it("accepts the renames made where they were meant", () => {
    const after = 'const { App } = require("gh-app-kit");\n\tawait context.client.issues.createComment({ body });\n';
    const edited = [...rangesOf(before, "Probot"), ...rangesOf(before, '"probot"'), ...rangesOf(before, "octokit")];
    expect(findUnintendedChange("a.js", before, after, edited)).to.equal(undefined);
  });

  it("refuses an edit that landed at a shifted offset (context.octokit.iclientreateComment)", () => {
    const after = 'const { App } = require("gh-app-kit");\n\tawait context.octokit.iclientreateComment({ body });\n';
    const edited = [...rangesOf(before, "Probot"), ...rangesOf(before, '"probot"'), ...rangesOf(before, "octokit")];
    expect(findUnintendedChange("a.js", before, after, edited)).to.match(/^line 2: /);
  });

  it("accepts a name gh-app-kit lacks read from its namespace, and refuses one it has read so", () => {
    const code = 'import { Stats, Probot } from "probot";\n';
    const edited = [...rangesOf(code, "Stats, "), ...rangesOf(code, "Probot"), ...rangesOf(code, '"probot"')];
    const bind = (name: string) =>
      `import { App } from "gh-app-kit";\nimport * as ghAppKit from "gh-app-kit";\nconst { ${name} } = ghAppKit;\n`;
    expect(findUnintendedChange("a.mjs", code, bind("Stats"), edited)).to.equal(undefined);
    // App declared twice: refused by the parse itself (a redeclaration is read past only in declaration files).
    expect(findUnintendedChange("a.mjs", code, bind("App"), edited)).to.match(/does not parse|a list changed length/);
    // Stats taken out where no edit was meant: refused.
    expect(findUnintendedChange("a.mjs", code, bind("Stats"), rangesOf(code, '"probot"'))).to.match(/changed length/);
  });

  it("refuses a rename at a place no edit was meant for", () => {
    const code = "function f(Probot) { return Probot; }\n";
    const after = "function f(Probot) { return App; }\n";
    expect(findUnintendedChange("a.js", code, after, [])).to.match(/Identifier name "Probot" became "App"/);
  });

  it("refuses a name that is not one of the renames, even where an edit was meant", () => {
    const code = "x.octokit;\n";
    expect(findUnintendedChange("a.js", code, "x.clients;\n", rangesOf(code, "octokit"))).to.match(/became "clients"/);
  });

  it("refuses a result that does not parse, and one that adds or drops code", () => {
    const code = 'const { Probot } = require("probot");\n';
    expect(findUnintendedChange("a.js", code, 'const { App } = require("gh-app-kit";\n', [])).to.match(
      /does not parse/,
    );
    expect(findUnintendedChange("a.js", code, `${code}f();\n`, [])).to.match(/a list changed length/);
    expect(findUnintendedChange("a.js", code, `// x\n${code}`, [])).to.match(/comments/);
    expect(findUnintendedChange("a.js", "(a, b);\n", "a, b;\n", [])).to.match(/parentheses/);
  });

  it("accepts a default import made a namespace import only where it was meant", () => {
    const code = 'import probot from "probot";\n';
    const after = 'import * as probot from "probot";\n';
    expect(findUnintendedChange("a.mjs", code, after, [[7, 13]])).to.equal(undefined);
    expect(findUnintendedChange("a.mjs", code, after, [])).to.match(
      /ImportDefaultSpecifier became ImportNamespaceSpecifier/,
    );
  });

  it("accepts a shorthand property written out: { octokit } → { client: octokit }", () => {
    const code = "const { octokit } = context;\n";
    const after = "const { client: octokit } = context;\n";
    expect(findUnintendedChange("a.js", code, after, rangesOf(code, "octokit").slice(0, 1))).to.equal(undefined);
  });

  describe("an Express handler made Hono's: only (c) => c.html(s) of a handler that sends s alone", () => {
    const code = 'r.get("/a", (req, res) => { res.send("Hi"); });\n';
    const cases: ReadonlyArray<[string, string, string, string | undefined]> = [
      ["the same string, as html", code, 'r.get("/a", (c) => c.html("Hi"));\n', undefined],
      ["the same string in a template", code, 'r.get("/a", (c) => c.html(`Hi`));\n', undefined],
      ["another string", code, 'r.get("/a", (c) => c.html("Bye"));\n', "refused"],
      ["text for html", code, 'r.get("/a", (c) => c.text("Hi"));\n', "refused"],
      ["an async handler", code, 'r.get("/a", async (c) => c.html("Hi"));\n', "refused"],
      [
        "a handler that reads req",
        'r.get("/a", (req, res) => { res.send(req.url); });\n',
        'r.get("/a", (c) => c.html(req.url));\n',
        "refused",
      ],
    ];
    for (const [what, before, after, refused] of cases) {
      it(`${refused ? "refuses" : "accepts"} ${what}`, () => {
        const edited: Array<[number, number]> = [[before.indexOf("(req"), before.lastIndexOf(");\n")]];
        const found = findUnintendedChange("a.js", before, after, edited);
        if (refused)
          expect(found)
            .to.be.a("string")
            .and.match(/^line 1: /);
        else expect(found).to.equal(undefined);
      });
    }

    it("refuses it where no edit was meant", () => {
      expect(findUnintendedChange("a.js", code, 'r.get("/a", (c) => c.html("Hi"));\n', [])).to.be.a("string");
    });
  });
});

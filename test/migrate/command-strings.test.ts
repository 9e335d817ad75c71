import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { moveCommandStrings } from "../../src/migrate/migrate-command-strings.js";

/** [what, a line of a start script, the line after app migrate]. */
const LINES: ReadonlyArray<[string, string, string]> = [
  [
    "a template",
    "execSync(`npx probot run ${indexPath}`, { stdio: 'inherit' });",
    "execSync(`npx app run ${indexPath}`, { stdio: 'inherit' });",
  ],
  [
    "a string",
    'execSync("PORT=3001 npx probot run ./dist/index.js");',
    'execSync("PORT=3001 npx app run ./dist/index.js");',
  ],
  [
    "npx's arguments",
    'spawn("npx", ["probot", "run", "-W", url, "./index.js"]);',
    'spawn("npx", ["app", "run", "-W", url, "./index.js"]);',
  ],
  [
    "the binary by its path, its command in the arguments",
    "spawn('./node_modules/.bin/probot', ['receive', '-e', 'push', '-p', payload]);",
    "spawn('./node_modules/.bin/app', ['receive', '-e', 'push', '-p', payload]);",
  ],
  [
    "the bin file run by node",
    'spawnSync(process.execPath, ["node_modules/probot/bin/probot.js", "run", "./index.js"]);',
    'spawnSync(process.execPath, ["node_modules/gh-app-kit/bin/run.js", "run", "./index.js"]);',
  ],
  [
    "pm2's command",
    "module.exports = { apps: [{ name: 'bot', script: 'probot run ./index.js' }] };",
    "module.exports = { apps: [{ name: 'bot', script: 'app run ./index.js' }] };",
  ],
  [
    "pm2's binary alone",
    'module.exports = { apps: [{ name: "bot", script: "probot", args: "run ./index.js" }] };',
    'module.exports = { apps: [{ name: "bot", script: "app", args: "run ./index.js" }] };',
  ],
  // Not commands: the package's name, a sentence, a comment.
  ["a name", 'const name = "probot";', 'const name = "probot";'],
  ["a sentence", 'log("probot runs the app");', 'log("probot runs the app");'],
  ["a comment", "// npx probot run ./index.js", "// npx probot run ./index.js"],
];

describe("app migrate: Probot's command line started from a source file", () => {
  for (const [what, before, after] of LINES) {
    it(`${what}: ${before.trim()}`, () => {
      const code = `const { execSync, spawn, spawnSync } = require("node:child_process");\n${before}\n`;
      const moved = moveCommandStrings("start.js", code);
      expect(moved?.code ?? code).to.equal(code.replace(before, after));
    });
  }

  it("is part of the migration of the file, reported on Probot 7 to 12, and a second run changes nothing", () => {
    const code = [
      "const { execSync } = require('child_process');",
      "const { Probot } = require('probot');",
      "execSync(`npx probot run ${__dirname}/index.js`, { stdio: 'inherit' });",
      "",
    ].join("\n");
    const first = moveCommandStrings("start.js", code, { webhookAtRoot: true })!;
    expect(first.changes).to.deep.equal([{ line: 3, text: "npx probot run → npx app run" }]);
    expect(first.problems.map((p) => [p.line, p.message.split(" ")[0]])).to.deep.equal([[3, "probot"]]);
    expect(moveCommandStrings("start.js", first.code)).to.equal(undefined);
    // The module's own rename is the source migration's; the command's string is left to this step.
    expect(migrateSource("start.js", code).code).to.include("`npx probot run");
  });
});

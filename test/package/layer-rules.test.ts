import { expect } from "chai";
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

// Each layer rule of eslint.config.js (see docs/architecture.md), shown to fire.
describe("the layer rules of eslint.config.js", function () {
  this.timeout(60_000);

  const cases: [string, string, string, string][] = [
    [
      "the core imports a feature",
      "src/log/probe.ts",
      'import { createServer } from "../server/create-server.js";\nexport const x = createServer;\n',
      "import-x/no-restricted-paths",
    ],
    [
      "the core imports a host",
      "src/webhooks/probe.ts",
      'import { run } from "../run/run.js";\nexport const x = run;\n',
      "import-x/no-restricted-paths",
    ],
    [
      "a feature imports a host",
      "src/server/probe.ts",
      'import { receive } from "../receive/receive.js";\nexport const x = receive;\n',
      "import-x/no-restricted-paths",
    ],
    [
      "the library imports the CLI",
      "src/run/probe.ts",
      'import { runFlags } from "../cli/run-flags.js";\nexport const x = runFlags;\n',
      "import-x/no-restricted-paths",
    ],
    [
      "the library imports oclif",
      "src/apps/probe.ts",
      'import { Command } from "@oclif/core/command";\nexport const x = Command;\n',
      "no-restricted-imports",
    ],
    [
      "the library reads process.env outside src/options/",
      "src/log/probe.ts",
      "export const level = process.env.LOG_LEVEL;\n",
      "no-restricted-properties",
    ],
    [
      "a file imports one that imports it",
      "src/options/platform-urls.ts",
      'import { readEnvOptions } from "./read-env-options.js";\nexport const x = readEnvOptions;\n',
      "import-x/no-cycle",
    ],
  ];
  for (const [label, filePath, code, rule] of cases) {
    it(`fails when ${label}`, async () => {
      expect(await rulesBroken(filePath, code)).to.include(rule);
    });
  }

  it("lets src/options/ and the CLI read process.env, and the CLI import oclif", async () => {
    expect(await rulesBroken("src/options/probe.ts", "export const env = process.env;\n")).to.deep.equal([]);
    expect(
      await rulesBroken(
        "src/cli/probe.ts",
        'import { Command } from "@oclif/core/command";\nexport const x = [Command, process.env.DEBUG];\n',
      ),
    ).to.deep.equal([]);
  });
});

describe("the layers of eslint.config.js", () => {
  it("place every source file of the library in a layer", async () => {
    const { readdir } = await import("node:fs/promises");
    const eslint = new ESLint({ cwd: root });
    const files = (await readdir(`${root}src`, { recursive: true })).filter(
      (file) => file.endsWith(".ts") && !file.startsWith("cli/"),
    );
    const outside: string[] = [];
    for (const file of files) {
      // The oclif rule is set for the library's layers (hosts, features, core) only.
      const config = (await eslint.calculateConfigForFile(`${root}src/${file}`)) as { rules?: Record<string, unknown> };
      const rule = config.rules?.["no-restricted-imports"] as unknown[] | undefined;
      if (!Array.isArray(rule) || rule[0] !== 2) outside.push(`src/${file}`);
    }
    expect(files.length).to.be.above(200);
    expect(outside, "add these to LAYERS in eslint.config.js").to.deep.equal([]);
  });
});

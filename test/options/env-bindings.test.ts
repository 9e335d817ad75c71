import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { ENV_BINDINGS } from "../../src/options/read-env-options.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The variables a module may still read by name, and why (docs/architecture.md, "Settings: one door"). */
const BY_NAME: Readonly<Record<string, readonly string[]>> = {
  // The table names the logger's type: reading the table here would close an import circle.
  "src/helpers/is-production.ts": ["NODE_ENV"],
  "src/log/get-log.ts": ["NODE_ENV"],
  // The parser the `privateKey` binding calls.
  "src/private-key/find-private-key.ts": ["PRIVATE_KEY", "PRIVATE_KEY_PATH"],
  // debug's and oclif's own switch, not a setting of the app.
  "src/cli/app-command.ts": ["DEBUG"],
  "src/cli/fast-receive.ts": ["DEBUG"],
};
/** OpenTelemetry's standard `OTEL_*` variables (some spelled from parts, `OTEL_EXPORTER_OTLP_${"TRACES"}_…`). */
const OTEL_READER = "src/telemetry/read-telemetry-config.ts";

async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The variable names a source reads by name: `env.X`, `env["X"]`, `(env, "X")`, a flag's `env: "X"`. */
function namesRead(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const pattern = /\benv(?:\.|\[")([A-Z][A-Z0-9_]{2,})|\benv, "([A-Z][A-Z0-9_]+)"|\benv: "([A-Z][A-Z0-9_]+)"/g;
  return [...code.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

describe("ENV_BINDINGS", () => {
  it("is where every module and flag outside src/options/ finds a variable's name", async () => {
    const files = [...(await sources("src")), ...(await sources("commands"))].filter(
      (file) => !file.startsWith("src/options/"),
    );
    const strays: string[] = [];
    for (const file of files) {
      for (const name of namesRead(await readFile(join(root, file), "utf8"))) {
        if (BY_NAME[file]?.includes(name)) continue;
        if (file === OTEL_READER) continue;
        strays.push(`${file}: ${name}`);
      }
    }
    expect(strays).to.deep.equal([]);
  });

  const cases: ReadonlyArray<[binding: keyof typeof ENV_BINDINGS, value: string, read: unknown]> = [
    ["workerConcurrency", "20", 20],
    ["workerConcurrency", "", undefined], // empty is unset
    ["shutdownGraceMs", "0", 0], // no grace at all is allowed
    ["projectDomain", " https://bot.example.com ", "https://bot.example.com"],
    ["deliveryQueue", "redis", "redis"],
  ];
  for (const [binding, value, read] of cases) {
    it(`reads ${ENV_BINDINGS[binding].variable}="${value}" as ${JSON.stringify(read)}`, () => {
      expect(ENV_BINDINGS[binding].read({ [ENV_BINDINGS[binding].variable]: value })).to.deep.equal(read);
    });
  }

  it("refuses a count that is not a whole number of at least 1, naming the variable", () => {
    expect(() => ENV_BINDINGS.deliveryAttempts.read({ DELIVERY_ATTEMPTS: "0" })).to.throw(
      'DELIVERY_ATTEMPTS must be a whole number of at least 1, got "0".',
    );
  });
});

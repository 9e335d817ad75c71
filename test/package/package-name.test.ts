import { expect } from "chai";
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bareEnv } from "../helpers/child-env.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CREATE = join(ROOT, "packages", "create-gh-app-kit");
const OLD_NAME = ["app", "framework"].join("-"); // spelt in two parts so this file does not match itself
// CONTRACT.md fixes the OpenTelemetry service name's default to the old name.
const ALLOWED = /OTEL_SERVICE_NAME[^\n]*|serviceName[^\n]*/g;

const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as Record<string, unknown>;

describe("the package name", () => {
  it(`keeps the old name ${OLD_NAME} out of every tracked file`, () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
    const offenders = files.filter((file) => {
      if (file === "package-lock.json") return false; // checked below, it names only installed packages
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), "utf8");
      } catch {
        return false; // deleted in the work tree
      }
      return text.replace(ALLOWED, "").includes(OLD_NAME);
    });
    expect(offenders).to.deep.equal([]);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
      name: string;
      packages: Record<string, unknown>;
    };
    expect(lock.name).to.equal("gh-app-kit");
    expect(Object.keys(lock.packages).filter((path) => path.endsWith(`/${OLD_NAME}`))).to.deep.equal([]);
  });

  it("has one bin, app, so that npx gh-app-kit runs it", () => {
    expect(manifest(ROOT)).to.include({ name: "gh-app-kit" });
    expect(manifest(ROOT).bin).to.deep.equal({ app: "./bin/run.js" });
  });

  // It carries app new (its build.mjs): a dependency on the framework would install the framework's
  // dependencies where no `overrides` reaches, and warn (EBADENGINE) on Node 20.
  it("ships create-gh-app-kit for npm create gh-app-kit, of this very version and depending on nothing", () => {
    const create = manifest(CREATE);
    expect(create).to.include({ name: "create-gh-app-kit", version: manifest(ROOT).version, type: "module" });
    expect(create.bin).to.deep.equal({ "create-gh-app-kit": "./index.js" });
    expect(create.dependencies ?? {}).to.deep.equal({});
    expect(create.files).to.include.members(["index.js", "dist", "templates"]);
  });

  it("npm create gh-app-kit (its bin, in a clone) makes an app that depends on the clone and links to gh-app-kit", async function () {
    this.timeout(60_000);
    const cwd = await mkdtemp(join(tmpdir(), "create-gh-app-kit-"));
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(CREATE, "index.js"), "my-bot", "--yes", "--no-install", "--template", "javascript"],
        { cwd, env: bareEnv({ NO_COLOR: "1" }) },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      );
    });
    expect(code, stderr).to.equal(0);
    expect(stdout).to.include("Created my-bot from the javascript template");
    const app = JSON.parse(await readFile(join(cwd, "my-bot", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(app.dependencies).to.deep.equal({ "gh-app-kit": `file:${ROOT.replace(/\/$/, "")}` });
    const readme = await readFile(join(cwd, "my-bot", "README.md"), "utf8");
    expect(readme).to.include("(https://www.npmjs.com/package/gh-app-kit)");
    expect(readme).not.to.include(OLD_NAME);
  });
});

import { expect } from "chai";
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnApp } from "../helpers/spawn-app.js";
import { runBin } from "../commands/run-bin.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

describe("docs match behaviour: Start here, README, docs/run.md", function () {
  this.timeout(60_000);

  it("README links docs/start-here.md first", () => {
    const firstLink = /\]\(((?:docs\/)?[\w-]+\.md)\)/.exec(read("README.md"))?.[1];
    expect(firstLink).to.equal("docs/start-here.md");
  });

  it("Start here walks from an empty folder to a comment through a smee channel, with commands that exist", async () => {
    const page = read("docs/start-here.md");
    const steps = [
      "npm create gh-app-kit@latest my-bot",
      "https://smee.io/new",
      "WEBHOOK_PROXY_URL=",
      "npm start",
      "/app/setup",
      "Install",
      "Open an issue",
      "Thanks for opening this issue!",
    ];
    let at = 0;
    for (const step of steps) {
      const found = page.indexOf(step, at);
      expect(found, `"${step}" after position ${at}`).to.be.greaterThan(-1);
      at = found;
    }
    // Every `app <command>` the page names is one the CLI has.
    const cwd = mkdtempSync(join(tmpdir(), "start-here-"));
    try {
      const named = [...page.matchAll(/(?:`|^)(?:npx (?:--prefix \S+ )?)?app ([a-z]+)/gm)].map((match) => match[1]!);
      expect(named).to.include.members(["new", "setup", "receive"]);
      for (const command of new Set(named)) {
        const result = await runBin([command, "--help"], { cwd });
        expect(result.code, `app ${command} --help: ${result.stderr}`).to.equal(0);
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("docs/run.md says GET / goes to /app/setup in setup mode, as the server does", async () => {
    expect(read("docs/run.md")).to.include("in setup mode `GET /` redirects to\n   `/app/setup`");
    const cwd = mkdtempSync(join(tmpdir(), "run-doc-"));
    const server = await spawnApp({ args: [], env: { PORT: "0" }, cwd });
    try {
      const response = await fetch(`${server.url}/`, { redirect: "manual" });
      expect(response.status).to.equal(302);
      expect(response.headers.get("location")).to.equal("/app/setup");
    } finally {
      server.kill("SIGTERM");
      await server.exit;
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

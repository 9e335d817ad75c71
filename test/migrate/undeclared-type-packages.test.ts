import { expect } from "chai";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";
import { exec } from "../helpers/test-tools.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const typescript5 = join(root, "node_modules", "typescript");

// What probot 13 brought: @octokit/webhooks 12, whose payload types said a pull request always had its user.
const OLD_WEBHOOKS = {
  "node_modules/@octokit/webhooks/package.json": JSON.stringify({
    name: "@octokit/webhooks",
    version: "12.3.1",
    types: "index.d.ts",
  }),
  "node_modules/@octokit/webhooks/index.d.ts": `export type EmitterWebhookEventName = "pull_request.labeled" | "issues.opened";
export type EmitterWebhookEvent<E extends EmitterWebhookEventName = EmitterWebhookEventName> = {
  id: string;
  name: E;
  payload: { pull_request: { number: number; user: { login: string } } };
};
`,
  "node_modules/@octokit/webhooks/dist-types/types.d.ts": `export type { EmitterWebhookEventName, EmitterWebhookEvent } from "../index";
export type OnlyHere = { here: true };
`,
};

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2020", module: "commonjs", strict: true, esModuleInterop: true, skipLibCheck: true },
  include: ["src"],
});

// The app's own event type, from a package it never declared: probot brought it.
const AUTHOR = `import { Probot } from "probot";
import type { EmitterWebhookEvent } from "@octokit/webhooks";

export function author(event: EmitterWebhookEvent<"pull_request.labeled">): string {
  return event.payload.pull_request.user.login;
}

export default (app: Probot) => {
  app.on("pull_request.labeled", async (context) => {
    app.log.info(author(context));
  });
};
`;

// A path into its files, which @octokit/webhooks 14 does not export (TypeScript's node16 and nodenext read `exports`).
const DEEP = `import { Probot } from "probot";
import type { EmitterWebhookEventName } from "@octokit/webhooks/dist-types/types";
import type { OnlyHere } from "@octokit/webhooks/dist-types/types";

export const events: EmitterWebhookEventName[] = ["issues.opened"];
export type Here = OnlyHere;

export default (app: Probot) => {
  app.on(events, async () => {});
};
`;

const NODENEXT = JSON.stringify({
  compilerOptions: { target: "es2022", module: "nodenext", strict: true, skipLibCheck: true },
  include: ["src"],
});

async function appWith(index: string, declared: Record<string, string> = {}, tsconfig = TSCONFIG): Promise<string> {
  const manifest = {
    name: "x",
    dependencies: { probot: "^13.4.0", ...declared },
    devDependencies: { typescript: "^5.0.0" },
  };
  const files: Record<string, string> = {
    "package.json": JSON.stringify(manifest, null, 2),
    "tsconfig.json": tsconfig,
    "src/index.ts": index,
    ...OLD_WEBHOOKS,
  };
  const app = await writeAppFiles("app-migrate-undeclared", {});
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(app, file)), { recursive: true });
    await writeFile(join(app, file), text);
  }
  await symlink(typescript5, join(app, "node_modules", "typescript"));
  return app;
}

/** The app as npm installs it after the migration: gh-app-kit, and its @octokit/webhooks beside the app's packages. */
async function installAfter(app: string): Promise<string> {
  await rm(join(app, "node_modules", "@octokit", "webhooks"), { recursive: true });
  await symlink(join(root, "node_modules", "@octokit", "webhooks"), join(app, "node_modules", "@octokit", "webhooks"));
  await symlink(root, join(app, "node_modules", "gh-app-kit"));
  const tsc = await exec(process.execPath, [join(typescript5, "bin", "tsc"), "-p", ".", "--noEmit"], { cwd: app });
  return tsc.stdout + tsc.stderr;
}

describe("app migrate: type packages the app had only through probot are checked as gh-app-kit's copies", function () {
  this.timeout(240_000);
  const made: string[] = [];
  after(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("checks an undeclared @octokit/webhooks as the version installed with gh-app-kit, not probot's left in node_modules", async () => {
    const app = await appWith(AUTHOR);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0" });
    const code = await readFile(join(app, "src/index.ts"), "utf8");
    expect(code).to.include("return event.payload.pull_request.user!.login;");
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes ?? [];
    expect(changes.map((c) => c.text)).to.include(
      "event.payload.pull_request.user → event.payload.pull_request.user! (a payload field today's schema makes nullable)",
    );
    expect(await installAfter(app)).to.equal("");
  });

  it("keeps the app's own copy where package.json declares it", async () => {
    const app = await appWith(AUTHOR, { "@octokit/webhooks": "^12.0.0" });
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).not.to.include("user!");
  });

  it("makes a path into its files that gh-app-kit's version does not export the package root, where the root exports the names", async () => {
    const app = await appWith(DEEP, {}, NODENEXT);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0" });
    const code = await readFile(join(app, "src/index.ts"), "utf8");
    expect(code).to.include('import type { EmitterWebhookEventName } from "@octokit/webhooks";');
    // OnlyHere is no export of the package's root: left as it was, for the app to look at.
    expect(code).to.include('import type { OnlyHere } from "@octokit/webhooks/dist-types/types";');
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes ?? [];
    expect(changes.find((c) => c.line === 2)?.text).to.match(
      /^"@octokit\/webhooks\/dist-types\/types" → "@octokit\/webhooks"/,
    );
    expect(changes.some((c) => c.line === 3)).to.equal(false);
    const errors = await installAfter(app);
    expect(errors).to.include("src/index.ts(3,");
    expect(errors).not.to.include("src/index.ts(2,");
  });
});

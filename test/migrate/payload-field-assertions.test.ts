import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { findUnintendedChange } from "../../src/migrate/verify-rewrite.js";
import { writeAppFiles } from "../helpers/app-files.js";
import { packedProject } from "../helpers/packed-project.js";
import { exec, TYPESCRIPT_OLDEST_CHECKED, typescriptBin } from "../helpers/test-tools.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

// A TypeScript app written for Probot 12, whose payload types said these fields were always there.
const HANDLERS = `import { Probot, Context } from "probot";

function record(alertNumber: number): string {
  return String(alertNumber);
}
function open(options: { alert_number: number }): number {
  return options.alert_number;
}

export = (app: Probot) => {
  app.on("pull_request.labeled", async (context: Context<"pull_request.labeled">) => {
    const author: string = context.payload.pull_request.user.login;
    const pr = context.payload.pull_request;
    app.log.info(author + pr.user.login);
  });
  app.on("pull_request.synchronize", async (context) => {
    const pr = context.payload.pull_request;
    if (!pr.user) return;
    app.log.info(pr.user.login);
  });
  app.on("secret_scanning_alert.created", async (context) => {
    record(context.payload.alert.number);
    open({ alert_number: context.payload.alert.number });
    const alertNumber = context.payload.alert.number;
    open({ alert_number: alertNumber });
    await context.octokit.issues.create({ ...context.repo(), title: "alert" });
  });
};
`;

const ASSERTED = [
  [12, "context.payload.pull_request.user"],
  [14, "pr.user"],
  [22, "context.payload.alert.number"],
  [23, "context.payload.alert.number"],
  [24, "context.payload.alert.number"],
];

// The app's own type with a field that may be null: its errors are the app's, not the schema's.
const OWN_TYPE = `import { Probot } from "probot";

interface Reviewer {
  user: { login: string } | null;
}

export = (app: Probot) => {
  const reviewer: Reviewer = { user: null };
  app.log.info(reviewer.user.login);
};
`;

// A REST answer's field that today's schema makes nullable (Probot 12's client types: \`sha: string\`), and one read
// through a union of a payload's pull request and a REST answer's, as apps that handle both write.
const REST_ANSWERS = `import { Probot, Context } from "probot";

type Payload = Context<"pull_request.labeled">["payload"]["pull_request"];
type Listed = Awaited<ReturnType<Context["octokit"]["pulls"]["list"]>>["data"][number];

function authorOf(pr: Listed | Payload): string {
  return pr.user.login;
}
function changedFiles(context: Context<"pull_request">): number {
  return context.payload.pull_request.changed_files;
}
async function changedLines(context: Context<"pull_request">): Promise<number> {
  return context.payload.pull_request.additions;
}
function ownerOf(pr: Payload | { base: { repo: { owner: null } } }): string {
  return pr.base.repo.owner.login;
}

export = (app: Probot) => {
  app.on("pull_request.labeled", async (context) => {
    const { data: files } = await context.octokit.pulls.listFiles(context.pullRequest());
    app.log.info(String(files[0].sha.length) + authorOf(context.payload.pull_request) + ownerOf(context.payload.pull_request) + changedFiles(context) + (await changedLines(context)));
  });
};
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2020", module: "commonjs", strict: true, esModuleInterop: true, skipLibCheck: true },
  include: ["src"],
});

const manifest = (typescript: string) =>
  JSON.stringify({ name: "x", dependencies: { probot: "^12.3.0" }, devDependencies: { typescript } }, null, 2);

/** An app in `dir` with `index` as src/index.ts and the given typescript package installed (linked). */
async function appWith(dir: string | undefined, index: string, typescript: string | undefined): Promise<string> {
  const files = { "package.json": manifest("^5.0.0"), "tsconfig.json": TSCONFIG, "src/index.ts": index };
  const app = dir ?? (await writeAppFiles("app-migrate-payload", {}));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(app, file)), { recursive: true });
    await writeFile(join(app, file), text);
  }
  if (typescript) {
    await mkdir(join(app, "node_modules"), { recursive: true });
    await symlink(typescript, join(app, "node_modules", "typescript"));
  }
  return app;
}

const typescript4 = async () => join(dirname(await typescriptBin("4.9.5")), "..");
const typescriptOldest = async () => join(dirname(await typescriptBin(TYPESCRIPT_OLDEST_CHECKED)), "..");

// A Probot 9 app on TypeScript 4.3 (offu/close-issue-app): too old for the package's declarations as a
// whole, yet ts-jest compiles the app's own files with it, and stops at the payload field it passes on.
const PASSED_ON = `import { Application } from "probot";

function shouldClose(content: string): boolean {
  return content.length > 0;
}

export = (robot: Application) => {
  robot.on("issues.opened", async (context) => {
    const issueBody = context.payload.issue.body;
    if (shouldClose(issueBody)) robot.log.info("close");
  });
};
`;
const typescript5 = join(root, "node_modules", "typescript");

// electron/cation on Probot 10: fields destructured from a REST answer's element and from a payload, then read.
const DESTRUCTURED = `import { Probot } from "probot";

export = (app: Probot) => {
  app.on("pull_request.labeled", async (context) => {
    const members = ["octocat"];
    const reviews = (await context.octokit.pulls.listReviews(context.pullRequest())).data.filter(({ user, body }) => {
      return members.includes(user.login) && body.length !== 0;
    });
    const { user: author } = context.payload.pull_request;
    app.log.info(String(reviews.length) + author.login);
  });
};
`;

describe("app migrate: payload fields today's webhook schema makes nullable, asserted with the app's compiler", function () {
  this.timeout(240_000);
  const made: string[] = [];
  after(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("asserts each payload field the compiler stops at, and only those (TypeScript 5, this checkout)", async () => {
    const app = await appWith(undefined, HANDLERS, typescript5);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0" });
    const code = await readFile(join(app, "src/index.ts"), "utf8");
    for (const [, expression] of ASSERTED) expect(code).to.include(`${expression}!`);
    expect(code).to.include("if (!pr.user) return;\n    app.log.info(pr.user.login);");
    expect(code.match(/!/g)?.length).to.equal(ASSERTED.length + 1);
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes ?? [];
    const asserted = changes.filter((c) => c.text.includes("!"));
    expect(asserted.map((c) => [c.line, c.text.split(" → ")[0]])).to.deep.equal(ASSERTED);
    // Every such field asserted: package.json no longer says to look for them.
    const problems = report.files.find((f) => f.file === "package.json")?.problems ?? [];
    expect(problems.map((p) => p.message).join("\n")).not.to.include("payload fields");
    // The app compiles with gh-app-kit installed (this checkout, linked).
    await symlink(root, join(app, "node_modules", "gh-app-kit"));
    const tsc = await exec(process.execPath, [join(typescript5, "bin", "tsc"), "-p", ".", "--noEmit"], { cwd: app });
    expect(tsc.stdout + tsc.stderr).to.equal("");
  });

  it("leaves the app's own nullable types alone, and keeps the report", async () => {
    const app = await appWith(undefined, OWN_TYPE, typescript5);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).not.to.include("user!");
    const problems = report.files.find((f) => f.file === "package.json")?.problems ?? [];
    expect(problems.map((p) => p.message).join("\n")).to.include("payload fields");
  });

  it("asserts the REST API's answers' fields too, alone or in a union with a payload's, never the app's own types", async () => {
    const app = await appWith(undefined, REST_ANSWERS, typescript5);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).to.include("+    app.log.info(String(files[0].sha!.length)");
    expect(report.diff).to.include("+  return pr.user!.login;");
    // TS2322 at a \`return\` points at the keyword: the value returned is the field.
    expect(report.diff).to.include("+  return context.payload.pull_request.changed_files!;");
    expect(report.diff).to.include("+  return context.payload.pull_request.additions!;");
    expect(report.diff).not.to.include("owner!");
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes.map((c) => c.text) ?? [];
    expect(changes).to.include("files[0].sha → files[0].sha! (a REST answer's field today's schema makes nullable)");
    expect(changes).to.include("pr.user → pr.user! (a payload field today's schema makes nullable)");
  });

  it("asserts a field destructured from a REST answer's element or a payload where it is read, not where it is bound", async () => {
    const app = await appWith(undefined, DESTRUCTURED, typescript5);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0" });
    const code = await readFile(join(app, "src/index.ts"), "utf8");
    expect(code).to.include("return members.includes(user!.login) && body.length !== 0;");
    expect(code).to.include("app.log.info(String(reviews.length) + author!.login);");
    expect(code).to.include("filter(({ user, body }) =>");
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes.map((c) => c.text) ?? [];
    expect(changes).to.include("user → user! (a REST answer's field today's schema makes nullable)");
    await symlink(root, join(app, "node_modules", "gh-app-kit"));
    const tsc = await exec(process.execPath, [join(typescript5, "bin", "tsc"), "-p", ".", "--noEmit"], { cwd: app });
    expect(tsc.stdout + tsc.stderr).to.equal("");
  });

  it("TypeScript 4.9: a field an async function returns, where TS2322 spans the whole return statement", async () => {
    const app = await appWith(undefined, REST_ANSWERS, await typescript4());
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).to.include("+  return context.payload.pull_request.additions!;");
    expect(report.diff).to.include("+  return context.payload.pull_request.changed_files!;");
  });

  it(`TypeScript ${TYPESCRIPT_OLDEST_CHECKED}, older than the declarations need: the field passed on is asserted all the same`, async () => {
    const app = await appWith(undefined, PASSED_ON, await typescriptOldest());
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).to.include("+    const issueBody = context.payload.issue.body!;");
    const changes = report.files.find((f) => f.file === "src/index.ts")?.changes.map((c) => c.text) ?? [];
    expect(changes).to.include(
      "context.payload.issue.body → context.payload.issue.body! (a payload field today's schema makes nullable)",
    );
  });

  // The files on disk are parsed once per process (src/migrate/typescript/parsed-files.ts): a declaration the
  // app changes between two runs must be read again.
  it("a second run in the same process sees a declaration file changed since the first", async () => {
    const index = `import { Probot } from "probot";
import { record } from "./record";

export = (app: Probot) => {
  app.on("secret_scanning_alert.created", async (context) => {
    app.log.info(record(context.payload.alert.number));
  });
};
`;
    const app = await appWith(undefined, index, typescript5);
    made.push(app);
    const declare = (parameter: string) =>
      writeFile(join(app, "src/record.d.ts"), `export declare function record(alertNumber: ${parameter}): string;\n`);
    await declare("number");
    const strict = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(strict.diff).to.include("+    app.log.info(record(context.payload.alert.number!));");
    await declare("number | null | undefined");
    const loose = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(loose.diff).not.to.include("number!");
    await declare("number");
    const again = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(again.diff).to.include("+    app.log.info(record(context.payload.alert.number!));");
  });

  it("without the app's own typescript installed, only reports them", async () => {
    const app = await appWith(undefined, HANDLERS, undefined);
    made.push(app);
    const report = await migrateApp({ directory: app, framework: "^1.0.0", dryRun: true });
    expect(report.diff).not.to.match(/\w!/);
    const problems = report.files.find((f) => f.file === "package.json")?.problems ?? [];
    expect(problems.map((p) => p.message).join("\n")).to.include("payload fields");
  });

  it("TypeScript 4.9, app migrate run from the packed package: the app then compiles against it", async () => {
    const tmp = await mkdtemp(join(tmpdir(), "payload-packed-"));
    made.push(tmp);
    const project = await packedProject(tmp);
    const ts4 = await typescript4();
    const app = await appWith(join(project, "app"), HANDLERS, ts4);
    const bin = join(project, "node_modules", "gh-app-kit", "bin", "run.js");
    const migrated = await exec(process.execPath, [bin, "migrate", app, "--framework", "^1.0.0", "--json"], {
      cwd: project,
    });
    expect(migrated.code, migrated.stderr).to.equal(0);
    const code = await readFile(join(app, "src/index.ts"), "utf8");
    for (const [, expression] of ASSERTED) expect(code).to.include(`${expression}!`);
    const tsc = await exec(process.execPath, [join(ts4, "bin", "tsc"), "-p", ".", "--noEmit"], { cwd: app });
    expect(tsc.stdout + tsc.stderr).to.equal("");
  });
});

describe("verify-rewrite: non-null assertions", () => {
  const before = "const a = x.y.z;\nf(x.y);\n";
  it("accepts a `!` after an expression at the given ends, and nothing else", () => {
    const ends = new Set([before.indexOf(".z"), before.indexOf(");")]);
    expect(findUnintendedChange("a.ts", before, "const a = x.y!.z;\nf(x.y!);\n", [], ends)).to.equal(undefined);
    expect(findUnintendedChange("a.ts", before, "const a = x!.y.z;\nf(x.y);\n", [], ends)).to.be.a("string");
    expect(findUnintendedChange("a.ts", before, "const a = x.y!!.z;\nf(x.y);\n", [], ends)).to.be.a("string");
    expect(findUnintendedChange("a.ts", before, "const a = x.y!.z;\nf(x.y);\n", [])).to.be.a("string");
  });
});

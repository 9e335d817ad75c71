import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exec, TYPESCRIPT_4, typescriptBin } from "../helpers/test-tools.js";
import { packedProject } from "../helpers/packed-project.js";

// An app as Probot 12's TypeScript apps are written, after `app migrate`: handlers, the client,
// the payload's types, the logger, a route, the testing helpers.
const APP = `import { App, Context, Logger, ApplicationFunction, createLambdaHandler } from "gh-app-kit";
import { createTestApp, startFakePlatform } from "gh-app-kit/testing";
import { run } from "gh-app-kit/actions";

const appFn: ApplicationFunction = ({ app, getRouter }) => {
  const log: Logger = app.log.child({ name: "greeter" });
  getRouter("/status").get("/", (c) => c.json({ ok: true, path: c.req.path }));
  // Probot 9 to 12 typed the app's and the context's log as callable with bunyan's and pino's arguments.
  app.log({ loaded: true });
  app.log({ loaded: true }, "loaded %s", "greeter");
  app.on(["issues.opened", "issues.reopened"], async (context) => {
    const title: string = context.payload.issue.title;
    log.info({ title }, "issue %s", title);
    context.log({ title }, "issue");
    context.log("issue %s", title);
    await context.client.issues.createComment(context.issue({ body: "Thanks: " + title }));
  });
  app.on("pull_request.opened", async (context: Context<"pull_request.opened">) => {
    const { data } = await context.client.pulls.listFiles(context.pullRequest());
    context.log.debug(data.length + " files");
  });
  app.onAny(async (context) => {
    context.log.trace(context.name);
  });
};

export const lambda = createLambdaHandler(new App({}));
export const action = (): Promise<void> => run(appFn);
export async function check(): Promise<void> {
  const platform = await startFakePlatform();
  const { receive } = await createTestApp({ platform, appFn });
  await receive("issues.opened", {});
  await platform.close();
}
export default appFn;
`;

// What must not compile: the types are the package's, not \`any\` (TS2578 for an unused directive), the
// payloads' included.
const WRONG = `import { App } from "gh-app-kit";

const app = new App({});
app.on("issues.opened", async (context) => {
  // @ts-expect-error: no such method
  await context.client.issues.createComent(context.issue({ body: "x" }));
  // @ts-expect-error: a comment's body is a string
  await context.client.issues.createComment(context.issue({ body: 1 }));
  // @ts-expect-error: no such level
  context.log.notice("x");
  // @ts-expect-error: a title is a string
  const count: number = context.payload.issue.title;
  // @ts-expect-error: no such event
  app.on("issues.openedd", () => count);
});
// @ts-expect-error: a message is a string
app.log.info(1, 2);
`;

// Many apps written for Probot 12 still compile with TypeScript 4, whose parser cannot read the
// declaration files of Hono and pino (TypeScript 5 syntax), even with skipLibCheck.
describe("the package's types under TypeScript 4 (npm pack, installed in a project)", function () {
  this.timeout(180_000);
  let tmp: string;
  let project: string;

  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), "typescript-4-"));
    project = await packedProject(tmp);
    await writeFile(join(project, "package.json"), '{ "name": "typescript-4-app", "private": true }\n');
    for (const extension of ["ts", "mts", "cts"]) {
      await writeFile(join(project, `app.${extension}`), APP);
      await writeFile(join(project, `wrong.${extension}`), WRONG);
    }
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  const compile = async (version: string, name: string, compilerOptions: object, files: string[]) => {
    const options = { strict: true, noEmit: true, skipLibCheck: true, types: ["node"], ...compilerOptions };
    await writeFile(join(project, `${name}.json`), JSON.stringify({ compilerOptions: options, files }));
    const tsc = await typescriptBin(version);
    const result = await exec(process.execPath, [tsc, "-p", `${name}.json`], { cwd: project });
    return result.stdout + result.stderr;
  };

  for (const version of TYPESCRIPT_4) {
    it(`TypeScript ${version}, module commonjs (node10 resolution, Probot 12's app template)`, async () => {
      const options = { module: "commonjs", target: "es5", lib: ["es2015", "es2017"], esModuleInterop: true };
      expect(await compile(version, `node10-${version}`, options, ["app.ts"])).to.equal("");
    });

    // Each line of wrong.* marked @ts-expect-error must be refused; were a type any, TS2578 would say so.
    it(`TypeScript ${version}, module node16: an ES module and a CommonJS file, with the package's types`, async () => {
      const options = { module: "node16", target: "es2022" };
      const files = ["app.mts", "app.cts", "wrong.mts", "wrong.cts"];
      expect(await compile(version, `node16-${version}`, options, files)).to.equal("");
    });
  }
});

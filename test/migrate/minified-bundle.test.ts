import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { itLeavesBundles } from "../helpers/left-bundles.js";

// A minified bundle keeps no module paths, only the strings of the code inside: Probot's client
// announces itself as `probot/<version>`, and its helper packages throw errors that start with
// "[@probot/...]". Each bundle below is one line, as a minifier writes it.
const PROBOT_INSIDE = [
  'var kv="13.4.7";var Oc=Ot.plugin(Th,Rl).defaults(e=>({...e,userAgent:`probot/${kv}`}));',
  'function Gp(e){if(!e)throw new Error("[@probot/get-private-key] no key");return e}',
  "var Sv=class{constructor(t){this.octokit=new Oc(t)}};",
  'function Rt(a){a.get("/probot",(d,f)=>{f.writeHead(200,{"content-type":"text/html"});f.end("x")})}',
].join("");
const APP_INSIDE =
  'var Ap=e=>{e.on("pull_request.opened",async t=>{let{data:o}=await t.octokit.pulls.get({...t.repo(),pull_number:1});t.log.info(o.title)})};';
const FILLER = `var Zz=[${Array.from({ length: 400 }, (_, i) => i).join(",")}];`;

/** [what it is, file, text]: builds that hold Probot 13 with the app, minified. */
const BUNDLES: ReadonlyArray<[string, string, string]> = [
  [
    "tsup (esbuild) with minify, an ES module with a createRequire banner",
    "dist/index.js",
    `import {createRequire} from 'node:module';const require=createRequire(import.meta.url);\n${FILLER}${PROBOT_INSIDE}${APP_INSIDE}await Sv.run(Ap);\n`,
  ],
  [
    "ncc with -m (webpack), CommonJS",
    "dist/index.cjs",
    `(()=>{var __webpack_modules__={1:e=>{${FILLER}${PROBOT_INSIDE}${APP_INSIDE}e.exports=Ap}};var __nccwpck_require__=t=>__webpack_modules__[t]({});__nccwpck_require__(1)})();\n`,
  ],
];

describe("app migrate on a minified bundle with probot inside", () => {
  itLeavesBundles(BUNDLES);

  it("still migrates an app's own minified file that does not hold probot", () => {
    const text = `import{Probot as P}from"probot";${FILLER}export default ${APP_INSIDE.replace("var Ap=", "")}\n`;
    const result = migrateSource("lib/index.js", text);
    expect(result.code).to.include("t.client.pulls.get(");
    expect(result.code).to.include('from"gh-app-kit"');
  });

  it("still migrates a source that names Probot's user agent on lines of its own", () => {
    const text = [
      'import { Probot, ProbotOctokit } from "probot";',
      "export const Client = ProbotOctokit.defaults({ userAgent: `probot/${process.env.VERSION}` });",
      'export default (app: Probot) => app.on("issues", (context) => context.octokit.issues.get());',
      "",
    ].join("\n");
    const result = migrateSource("src/index.ts", text);
    expect(result.code).to.include("context.client.issues.get()");
    expect(result.problems.map((p) => p.message)).to.not.include(
      "left as it was: a bundle with probot inside (build output)",
    );
  });

  describe("in an app", () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), "gh-app-kit-bundle-"));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("reports the bundle once, not the Express routes of the Probot inside it", async () => {
      // As bfra-me/github-app's committed dist/index.js, which its action.yaml runs.
      const manifest = `${JSON.stringify({ name: "action", type: "module", dependencies: { probot: "13.4.7" } }, null, 2)}\n`;
      const [, , bundle] = BUNDLES[0]!;
      await writeFile(join(dir, "package.json"), manifest);
      await mkdir(join(dir, "dist"));
      await writeFile(join(dir, "dist/index.js"), bundle);
      const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
      expect(await readFile(join(dir, "dist/index.js"), "utf8")).to.equal(bundle);
      const entry = report.files.find((f) => f.file === "dist/index.js");
      expect(entry?.changes).to.deep.equal([]);
      expect(entry?.problems.map((p) => p.message)).to.deep.equal([
        "left as it was: a bundle with probot inside (build output)",
      ]);
      expect(report.diff).to.not.include("dist/index.js");
    });
  });
});

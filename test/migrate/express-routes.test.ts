import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** What the migration reported of such routes before they ran through express: now nothing. */
const EXPRESS_ROUTE = /on getRouter\(\)'s router|is Express middleware|Express handlers fail/;

/** The lines of routes written for Express the migration keeps (they run through express on a Node server). */
function routeLines(file: string, code: string): number[] {
  return migrateSource(file, code).expressRoutes ?? [];
}

/** Nothing about those routes is left to do by hand. */
function routeProblems(file: string, code: string) {
  return migrateSource(file, code).problems.filter((p) => EXPRESS_ROUTE.test(p.message));
}

/** Probot's own docs' example (Probot 10–13), as a CommonJS app. */
const PROBOT_DOCS = `const express = require("express");

module.exports = (app, { getRouter }) => {
  const router = getRouter("/my-app");
  router.use(express.static("public"));
  router.get("/hello-world", (req, res) => {
    res.send("Hello World");
  });
};
`;

/** [what it shows, file, source, lines kept]: routes and middleware written for Express. */
const REPORTED: ReadonlyArray<[string, string, string, number[]]> = [
  [
    "a chained call on getRouter() from the first argument",
    "index.js",
    'module.exports = ({ app, getRouter }) => {\n  getRouter("/x").get("/a", (req, res) => res.json({ ok: true })).post("/b", (req, res) => {\n    res.status(201).end();\n  });\n};\n',
    [2, 2],
  ],
  [
    "options.getRouter and a renamed getRouter",
    "index.js",
    'module.exports = (app, options) => {\n  const router = options.getRouter("/x");\n  router.get("/a", (req, res) => res.redirect("/b"));\n};\nexports.other = ({ getRouter: gr }) => {\n  gr().get("/c", (req, res) => res.sendFile("/tmp/x"));\n};\n',
    [3, 6],
  ],
  [
    "a helper in the file receiving the router, and a named handler",
    "index.js",
    'function routes(router) {\n  router.get("/a", show);\n}\nfunction show(req, res) {\n  res.send(req.query.page);\n}\nmodule.exports = (app, { getRouter }) => {\n  routes(getRouter("/x"));\n};\n',
    [2],
  ],
  [
    "Probot 9 and 10's app.router and app.route()",
    "index.js",
    'module.exports = (app) => {\n  app.on("issues", f);\n  app.router.get("/a", (req, res) => res.end());\n  const r = app.route("/x");\n  r.post("/b", (req, res, next) => next());\n};\n',
    [3, 5],
  ],
  [
    "body parsers and other Express middleware, imported or required",
    "index.ts",
    'import bodyParser from "body-parser";\nimport cors from "cors";\nexport default ({ app, getRouter }) => {\n  const router = getRouter("/x");\n  router.use(bodyParser.json());\n  router.post("/y", require("express").json(), cors(), (c) => c.text("ok"));\n};\n',
    [5, 6, 6],
  ],
  [
    "a guarded getRouter, an optional call, and middleware kept in a const",
    "index.js",
    'const bodyParser = require("body-parser");\nconst jsonParser = bodyParser.json();\nmodule.exports = (app, { getRouter }) => {\n  const router = typeof getRouter === "function" && getRouter("/x");\n  router?.use(jsonParser);\n  getRouter?.("/y").get("/z", (req, res) => res.end());\n};\n',
    [5, 6],
  ],
  [
    "the deprecated router and route() destructured from the argument",
    "index.js",
    'module.exports = ({ app, router, route }) => {\n  router.get("/a", (req, res) => res.end());\n  route("/x").get("/b", (req, res) => res.end());\n  app.on("issues", f);\n};\n',
    [2, 3],
  ],
];

/** Hono's own handlers and middleware: nothing to report. */
const LEFT: ReadonlyArray<[string, string, string]> = [
  [
    "Hono handlers and middleware",
    "index.ts",
    'export default ({ app, getRouter }) => {\n  const router = getRouter("/x");\n  router.use(async (c, next) => { await next(); });\n  router.get("/a", (c) => c.text("hi"));\n  router.post("/b", async (ctx) => ctx.json(await ctx.req.json()));\n  getRouter().get("/c", function (c) { return c.redirect("/x"); });\n};\n',
  ],
  [
    "an Express app of the app's own, not on getRouter()",
    "server.js",
    'const express = require("express");\nconst { createNodeMiddleware, createProbot } = require("probot");\nconst server = express();\nserver.get("/a", (req, res) => res.send("x"));\nserver.use(express.static("public"));\n',
  ],
];

describe("migrateSource: routes written for Express on getRouter()'s router", () => {
  it("keeps Probot's docs' express.static, which runs through express, and rewrites its res.send(string) handler", () => {
    const result = migrateSource("index.js", PROBOT_DOCS);
    expect(result.expressRoutes).to.deep.equal([5]);
    expect(result.problems.filter((p) => EXPRESS_ROUTE.test(p.message))).to.deep.equal([]);
    expect(result.code).to.include('router.get("/hello-world", (c) => c.html("Hello World"));');
    expect(result.code).to.include('router.use(express.static("public"));');
    expect(result.changes.map((c) => c.line)).to.include(6);
    // A second run finds nothing more to change, and the Hono handler is not kept as Express's.
    const again = migrateSource("index.js", result.code);
    expect(again.code).to.equal(result.code);
    expect(again.expressRoutes).to.deep.equal([5]);
  });

  for (const [what, file, code, lines] of REPORTED) {
    it(`keeps ${what}, with nothing to do by hand`, () => {
      expect(routeLines(file, code)).to.deep.equal(lines);
      expect(routeProblems(file, code)).to.deep.equal([]);
      expect(migrateSource(file, code).code).to.equal(code);
    });
  }

  for (const [what, file, code] of LEFT) {
    it(`leaves ${what}`, () => {
      expect(routeLines(file, code)).to.deep.equal([]);
      expect(routeProblems(file, code)).to.deep.equal([]);
    });
  }

  const REWRITES: ReadonlyArray<[string, string, string]> = [
    ["an arrow with an expression body", '(req, res) => res.send("ok")', '(c) => c.html("ok")'],
    [
      "a function expression",
      "function (req, res) {\n    res.send(`ok`);\n  }",
      "function (c) { return c.html(`ok`); }",
    ],
    ["(req, res, next) that never calls next", "(_req, res, next) => { res.send('ok'); }", "(c) => c.html('ok')"],
  ];
  for (const [what, handler, hono] of REWRITES) {
    it(`rewrites ${what} that only sends a string`, () => {
      const code = `module.exports = ({ getRouter }) => {\n  getRouter("/x").get("/a", ${handler});\n};\n`;
      const result = migrateSource("index.js", code);
      expect(result.code).to.equal(code.replace(handler, hono));
      expect(routeLines("index.js", code)).to.deep.equal([]);
    });
  }

  const KEPT: ReadonlyArray<[string, string, string]> = [
    ["a string from a variable", "index.js", "(req, res) => res.send(text)"],
    ["a handler reading req", "index.js", "(req, res) => res.send(`hi ${req.query.name}`)"],
    ["an async handler", "index.js", 'async (req, res) => { res.send("ok"); }'],
    ["a handler with a comment", "index.js", '(req, res) => {\n    // hello\n    res.send("ok");\n  }'],
    ["typed parameters", "index.ts", '(req: Request, res: Response) => { res.send("ok"); }'],
    ["two statements", "index.js", '(req, res) => { res.set("x", "1"); res.send("ok"); }'],
  ];
  it("keeps a handler that only sends a string on a path Hono reads otherwise (pullie's /healthcheck(.html)?)", () => {
    for (const route of ['"/healthcheck(.html)?"', '"/files/*"', "/^\\/v\\d+$/"]) {
      const code = `module.exports = ({ getRouter }) => {\n  getRouter("/x").get(${route}, (req, res) => res.send("ok"));\n};\n`;
      expect(migrateSource("index.js", code).code, route).to.equal(code);
      expect(routeLines("index.js", code), route).to.deep.equal([2]);
    }
  });

  for (const [what, file, handler] of KEPT) {
    it(`keeps, without rewriting, ${what}`, () => {
      const code = `module.exports = ({ getRouter }) => {\n  getRouter("/x").get("/a", ${handler});\n};\n`;
      expect(migrateSource(file, code).code).to.equal(code);
      expect(routeLines(file, code)).to.deep.equal([2]);
    });
  }

  it("writes the rewrite at its place in a folder's file indented with tabs and CRLF, once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "express-routes-"));
    try {
      const tabbed = PROBOT_DOCS.replace(/\n {4}/g, "\n\t\t")
        .replace(/\n {2}/g, "\n\t")
        .replace(/\n/g, "\r\n");
      await writeFile(join(dir, "package.json"), '{ "name": "docs-app", "dependencies": { "probot": "^12.3.0" } }\n');
      await writeFile(join(dir, "index.js"), tabbed);
      const first = await migrateApp({ directory: dir, framework: "^1.0.0" });
      const index = first.files.find((f) => f.file === "index.js");
      expect(index?.problems.filter((p) => EXPRESS_ROUTE.test(p.message))).to.deep.equal([]);
      // express came with probot; the routes run through it, so package.json declares it.
      const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Record<
        string,
        Record<string, string>
      >;
      expect(manifest["dependencies"]?.["express"]).to.equal("^4.21.2");
      const written = await readFile(join(dir, "index.js"), "utf8");
      expect(written).to.include('\trouter.get("/hello-world", (c) => c.html("Hello World"));\r\n');
      expect(written).to.equal(
        tabbed.replace('(req, res) => {\r\n\t\tres.send("Hello World");\r\n\t}', '(c) => c.html("Hello World")'),
      );
      const second = await migrateApp({ directory: dir, framework: "^1.0.0" });
      expect(second.diff).to.equal("");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("follows a router passed to a function of another file of the app", async () => {
    const dir = await mkdtemp(join(tmpdir(), "express-routes-"));
    const files: Record<string, string> = {
      "package.json": '{ "name": "split-app", "dependencies": { "probot": "^12.3.0" } }\n',
      "index.js":
        'const { addMore } = require("./lib/more");\nmodule.exports = (app, { getRouter }) => {\n  require("./lib/routes")(getRouter("/my-app"));\n  addMore(app, getRouter());\n};\n',
      "lib/routes.js":
        'module.exports = (router) => {\n  router.get("/a", (req, res) => res.json({}));\n  router.get("/b", (c) => c.text("ok"));\n};\n',
      "lib/more.js": 'exports.addMore = function (app, router) {\n  router.post("/c", (req, res) => res.end());\n};\n',
      "src/index.ts": 'import routes from "./routes.js";\nexport default ({ getRouter }) => routes(getRouter());\n',
      "src/routes.ts":
        'export default function routes(r: any) {\n  r.use(function (req, res, next) { next(); });\n}\nexport function unused(router: any) {\n  router.get("/d", (req, res) => res.end());\n}\n',
    };
    try {
      await mkdir(join(dir, "lib"));
      await mkdir(join(dir, "src"));
      for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      const declared = report.files
        .find((f) => f.file === "package.json")
        ?.changes.find((c) => c.text.includes("express@"))?.text;
      expect(declared).to.include("dependencies: + express@^4.21.2");
      const places = /\(([^()]*:\d+[^()]*)\)/.exec(declared ?? "")?.[1]?.split(", ");
      expect(places?.sort()).to.deep.equal(["lib/more.js:2", "lib/routes.js:2", "src/routes.ts:2"]);
      const problems = report.files.flatMap((f) => f.problems.filter((p) => EXPRESS_ROUTE.test(p.message)));
      expect(problems).to.deep.equal([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

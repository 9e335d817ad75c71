import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { itLeavesBundles } from "../helpers/left-bundles.js";

// ncc (webpack) keeps neither module paths nor a minifier's long lines: each module is a numbered
// function, with the code as its package wrote it. As SvanBoxel/delete-merged-branch's committed Action
// (`dist/index.js`): the app, its adapter and Probot 9 compiled by TypeScript (`var Probot = ...;
// exports.Probot = Probot;`), whose contexts have `github`, not `client`.
const APP_MODULE = [
  "/***/ 31852:",
  "/***/ ((module, __unused_webpack_exports, __webpack_require__) => {",
  "",
  "module.exports = app => {",
  "  app.on('pull_request.closed', async context => {",
  "    await context.github.git.deleteRef(context.repo({ ref: 'heads/x' }))",
  "  })",
  "}",
  "",
  "/***/ }),",
].join("\n");
const PROBOT_MODULE = [
  "/***/ 98545:",
  "/***/ (function(__unused_webpack_module, exports, __webpack_require__) {",
  "",
  '"use strict";',
  "exports.createProbot = exports.Probot = void 0;",
  "var Probot = /** @class */ (function () {",
  "    function Probot(options) {",
  "        this.options = options;",
  "    }",
  "    Probot.prototype.load = function (appFn) {",
  "        return appFn(this.app);",
  "    };",
  "    return Probot;",
  "}());",
  "exports.Probot = Probot;",
  "exports.createProbot = function (options) { return new Probot(options); };",
  "",
  "/***/ }),",
].join("\n");
const ROUTES_MODULE = [
  "/***/ 84907:",
  "/***/ ((__unused_webpack_module, exports) => {",
  "",
  "exports.setupAppFactory = (app) => {",
  "  const route = app.route()",
  "  route.get('/probot', (req, res) => res.render('setup.hbs'))",
  "}",
  "",
  "/***/ }),",
].join("\n");

/** [what it is, file, text]: unminified builds with Probot inside and no module path. */
const BUNDLES: ReadonlyArray<[string, string, string]> = [
  [
    "ncc (webpack 5), CommonJS, Probot 9 compiled to ES5",
    "dist/index.js",
    [
      "module.exports =",
      "/******/ (() => { // webpackBootstrap",
      "/******/ \tvar __webpack_modules__ = ({",
      "",
      APP_MODULE,
      "",
      PROBOT_MODULE,
      "",
      ROUTES_MODULE,
      "",
      "/******/ \t});",
      "/******/ })()",
      ";",
      "",
    ].join("\n"),
  ],
  [
    "esbuild without minify or paths, Probot 12 compiled to ES2017 (a class)",
    "dist/action.cjs",
    [
      "var __commonJS = (cb, mod) => () => (mod || (0, cb[Object.keys(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports);",
      "var require_probot = __commonJS({ 'a'(exports) {",
      "  class Probot {",
      "    constructor(options) { this.options = options; }",
      "  }",
      "  exports.Probot = Probot;",
      "} });",
      "var { Probot } = require_probot();",
      "module.exports = (app) => app.on('issues', (context) => context.octokit.issues.get());",
      "",
    ].join("\n"),
  ],
];

describe("app migrate on a bundle with probot inside that keeps no module paths and is not minified", () => {
  itLeavesBundles(BUNDLES);

  it("still migrates an app's own bundle, and a test's double named Probot", () => {
    // The app's own build without probot: the bundler's runtime, no Probot defined.
    const own = `var __webpack_modules__ = ({\n${APP_MODULE}\n});\n`;
    expect(migrateSource("dist/index.js", own).code).to.include("context.client.git.deleteRef(");
    // A test's hand-made double: a class Probot, but no bundler around it.
    const double = [
      'const { Probot: Real } = require("probot");',
      "class Probot { load(fn) { return fn(this); } }",
      "module.exports = { Probot, Real };",
      "",
    ].join("\n");
    expect(migrateSource("test/double.js", double).code).to.include('require("gh-app-kit")');
  });
});

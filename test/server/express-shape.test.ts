import { expect } from "chai";
import { expressShape } from "../../src/routes/express-handler.js";

/** Handlers as they reach the router: source text, so that each is read as Node prints it. */
const source = (text: string): unknown => new Function(`return (${text});`)() as unknown;

const EXPRESS: ReadonlyArray<[what: string, text: string]> = [
  ["(req, res) arrow", '(req, res) => { res.send("Hello World"); }'],
  ["(request, response) that answers nothing", "(request, response) => { console.log(request.url); }"],
  ["(req, res, next) middleware", "function serveStatic(req, res, next) { next(); }"],
  ["(err, req, res, next) error middleware", "(err, req, res, next) => next(err)"],
  ["minified (e, t) using t as an object", '(e,t)=>{t.status(404).json({error:"x"})}'],
  ["async with other names", "async function (a, reply) { reply.json(await load(a)); }"],
  ["one req parameter reading req.query", "(req) => { log(req.query.page); }"],
];

const HONO: ReadonlyArray<[what: string, text: string]> = [
  ["(c) arrow", '(c) => c.text("Hello World")'],
  ["c without parentheses", "c => c.json({ ok: true })"],
  ["(c, next) middleware awaiting next()", "async (c, next) => { await next(); c.header('x', '1'); }"],
  ["a named middleware", "async function logRequestLine(c, next) { await next(); log(c.res.status); }"],
  ["(ctx) using its members", "(ctx) => ctx.redirect(ctx.req.query('to'))"],
  ["no parameters", "() => new Response('ok')"],
  ["a destructured context", "({ req, json }) => json(req.query())"],
];

describe("expressShape: a route handler written for Express", () => {
  for (const [what, text] of EXPRESS) {
    it(`recognises ${what}`, () => {
      expect(expressShape(source(text))).to.be.a("string");
    });
  }
  for (const [what, text] of HONO) {
    it(`leaves Hono's ${what}`, () => {
      expect(expressShape(source(text))).to.equal(undefined);
    });
  }

  it("leaves what is not a function, and bound functions it cannot read", () => {
    expect(expressShape("(req, res) => res.send()")).to.equal(undefined);
    expect(expressShape(((req: unknown, res: unknown) => [req, res]).bind(null))).to.equal(undefined);
  });
});

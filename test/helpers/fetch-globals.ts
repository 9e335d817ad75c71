// Loaded by mocha before any test (.mocharc.json "require"). nock 14 and msw intercept requests by
// patching the globals of fetch (Headers, Request, Response, fetch), each through its own copy of
// the same interceptors (one CommonJS, one ES module), and each copy restores only what it saw.
// When one file's mocking library is left active, or two are undone in another order than they
// were applied, the next file gets half-patched globals: `new Request()` then throws
// ("inferRawHeaders(...) is not iterable"). In parallel mode a worker runs file after file, so
// after each file (a root afterAll runs once per file there; once per run otherwise) the
// globals go back to what they were before any test file loaded.

// The Node server of Hono keeps the Request and Response it finds when it loads: were that while a
// mocking library had patched them, it would build patched requests for the rest of the worker's
// life ("inferRawHeaders(...) is not iterable" once they are undone). Both of its builds are loaded
// before any test. The test files (compiled to CommonJS) get the CommonJS one; the sources, where
// they are imported, the ES module, which used to load inside whichever test first needed it: after
// a file that left nock active, routes.test.ts then failed.
import "@hono/node-server";

const GLOBALS = ["Headers", "Request", "Response", "fetch"] as const;
const pristine = Object.fromEntries(GLOBALS.map((name) => [name, globalThis[name]]));
const pristineHeaders = globalThis.Headers;

// A function: mocha awaits it before the first test, so the ES module build is in place by then.
export const mochaHooks = async () => {
  await import("@hono/node-server");
  return { afterAll: restoreFetchGlobals };
};

function restoreFetchGlobals(): void {
  // Each patch keeps its own undo under a symbol on Headers; the last one applied first.
  const undos = Object.getOwnPropertySymbols(pristineHeaders).filter((s) => s.description === "kRestorePatches");
  for (const symbol of undos.reverse()) {
    const undo: unknown = Reflect.get(pristineHeaders, symbol);
    if (typeof undo === "function") (undo as () => void)();
  }
  for (const name of GLOBALS)
    if (globalThis[name] !== pristine[name]) Object.assign(globalThis, { [name]: pristine[name] });
}

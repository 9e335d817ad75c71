// Loaded by mocha before any test (.mocharc.json "require"). Some tests use
// the deprecated forms on purpose (Probot-style `(app) => app.on(...)`, the
// `id` and `cert` options, deprecatedCreateApp) in mocha's own process; their
// DeprecationWarning is once per process and is checked in fresh processes
// (test/app-function-argument.test.ts, test/create-app.test.ts,
// test/compat/spec-rows.test.ts). Here those warnings of gh-app-kit's own are
// kept instead of printed between the test dots; any other warning prints.

/** The warnings of src/deprecations.ts's warnOnce callers. */
const DEPRECATED_WARNINGS = [
  /^An application function used "\w+" of its argument, which is deprecated\./,
  /^The "(cert|id|router|throttleOptions)" option is deprecated;/,
  /^The "(githubToken|Octokit)" option \(Probot's name\) is deprecated;/,
  /^deprecatedCreateApp\(options\) is deprecated;/,
  /^The app's auth\(\) was replaced, so events get their client from it/,
  /^receive\(\{ event, payload \}\) without an event name ran no handler/,
  /^error\.(code|headers) of the client's errors is deprecated/,
  /^app\.route\(\) is deprecated;|^app\.router is deprecated;/,
];

/**
 * One list and one wrapper per process, however many times this module is loaded: mocha's
 * "require" may load it as CommonJS and a test file import it as an ES module, two instances,
 * and a warning given once per process reaches only the first wrapper.
 */
const KEY = Symbol.for("gh-app-kit.test.keptDeprecations");
const shared = globalThis as { [KEY]?: string[] };
const installed = shared[KEY] !== undefined;
export const keptDeprecations: string[] = (shared[KEY] ??= []);

if (!installed) {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === "string" ? warning : warning.message;
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === "DeprecationWarning" && DEPRECATED_WARNINGS.some((pattern) => pattern.test(message))) {
      keptDeprecations.push(message);
      return;
    }
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}

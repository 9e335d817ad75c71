/** A lookup table without a prototype: `table.constructor` or `table.__proto__` is not an entry. */
export function table<T>(entries: Record<string, T>): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

export const PROBOT_MODULE = "probot";
/**
 * Modules apps import error classes from for `error instanceof RequestError`: gh-app-kit exports
 * classes of those names that hold for the errors of every copy (src/client/request-error.ts), and
 * an import that takes only those names is rewritten to gh-app-kit.
 */
export const ERROR_CLASS_MODULES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["@octokit/request-error", new Set(["RequestError", "RequestErrorOptions"])],
  ["@octokit/graphql", new Set(["GraphqlResponseError"])],
]);

/** The fields of package.json that name an app's dependencies. */
export const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;
export const FRAMEWORK_MODULE = "gh-app-kit";
/** Probot's AWS Lambda adapter: createLambdaFunction, and every export of probot again. */
export const LAMBDA_ADAPTER_MODULE = "@probot/adapter-aws-lambda-serverless";
/**
 * Probot's adapters, each probot's exports plus functions of its own (`module.exports = {
 * ...require("probot"), createAzureFunctionV4 }`), with those of its own that gh-app-kit has no
 * equivalent for (the Actions adapter's run() replaces probot's): what an app takes of probot's from
 * one moves to gh-app-kit, as from probot itself.
 */
export const ADAPTER_MODULES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [LAMBDA_ADAPTER_MODULE, new Set<string>()],
  ["@probot/adapter-azure-functions", new Set(["createAzureFunction", "createAzureFunctionV4"])],
  ["@probot/adapter-github-actions", new Set<string>()],
]);

/** The adapters whose own function gh-app-kit has in an entry of its own: an import that takes it moves there. */
const ADAPTER_ENTRIES: ReadonlyMap<string, { entry: string; names: ReadonlySet<string> }> = new Map([
  ["@probot/adapter-github-actions", { entry: `${FRAMEWORK_MODULE}/actions`, names: new Set(["run"]) }],
]);

/** The Actions adapter before `@probot/adapter-github-actions`: its module is one function, `adapt(app)`. */
export const ACTIONS_ADAPTER_V1 = "probot-actions-adapter";

/**
 * Modules that are one value (`module.exports = value`), which an entry of gh-app-kit has by name:
 * `const Context = require("probot/lib/context")` becomes `const { Context } = require("gh-app-kit")`.
 * `oneArgument`: taken only where every use calls it with one argument, as the entry's function takes
 * one app (or an array) and then its options. `called`: taken only where the binding is called, never read
 * as a namespace (Probot 7 and later's root module is one). `what`: said in the change, after the module names.
 */
export const ONE_VALUE_MODULES: ReadonlyMap<
  string,
  { exported: string; entry: string; oneArgument?: boolean; called?: boolean; what?: string }
> = new Map([
  [
    `${PROBOT_MODULE}/lib/context`,
    { exported: "Context", entry: FRAMEWORK_MODULE, what: "Probot 6's module of one class" },
  ],
  [ACTIONS_ADAPTER_V1, { exported: "run", entry: `${FRAMEWORK_MODULE}/actions`, oneArgument: true }],
  // Probot 6's package was its createProbot (`module.exports = (options) => ...`), when the binding is called.
  [PROBOT_MODULE, { exported: "createApp", entry: FRAMEWORK_MODULE, called: true, what: "Probot 6's createProbot" }],
]);

/** Where an import of `adapter` that takes `taken` moves: the adapter's own entry when it takes the adapter's function. */
export function adapterTarget(adapter: string, taken: ReadonlyArray<string>): string {
  const own = ADAPTER_ENTRIES.get(adapter);
  return own && taken.some((name) => own.names.has(name)) ? own.entry : FRAMEWORK_MODULE;
}

/** The entry of gh-app-kit that has every name of `adapter` (its own function too), if one has. */
export function adapterEntry(adapter: string): string | undefined {
  return ADAPTER_ENTRIES.get(adapter)?.entry;
}

/** Every module an adapter's imports may move to. */
export const ADAPTER_TARGETS: ReadonlySet<string> = new Set([
  FRAMEWORK_MODULE,
  ...[...ADAPTER_ENTRIES.values()].map((own) => own.entry),
]);

export const EXPORT_RENAMES = table<string>({
  Probot: "App",
  createProbot: "createApp",
  ProbotOctokit: "AppClient",
  ProbotOctokitCore: "AppClient",
  Options: "AppOptions",
  Application: "App",
  createRobot: "createApp",
  createLambdaFunction: "createLambdaHandler",
  GitHubAPI: "AppClient",
  LoggerWithTarget: "DeprecatedLogger",
  ApplicationFunction: "DeprecatedApplicationFunction",
  ServerOptions: "ProbotServerOptions",
});

/** What the report adds to a rename whose target behaves differently from the Probot name. */
export const RENAME_NOTES = table<string>({
  ProbotOctokitCore:
    "Probot 11's core client; AppClient also retries and throttles, which tests turn off with AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } })",
  Application: "Probot 10's class; its options githubToken and Octokit are platformToken and Client here",
  createRobot:
    "Probot 6's factory of its Robot (Probot 7's Application); createApp also reads APP_ID, PRIVATE_KEY and WEBHOOK_SECRET from the environment",
  Options: "every field optional, as Probot's; gh-app-kit's Options requires Client, cache and log",
  ApplicationFunction:
    "Probot's shape, (app, options) => ...; gh-app-kit's ApplicationFunction takes ({ app, getRouter }) => ...",
  LoggerWithTarget: "Probot 9's type of app.log and context.log, from probot/lib/wrap-logger",
  ServerOptions:
    "the options of Probot's Server, with its Probot class; gh-app-kit's ServerOptions are the server's settings alone",
  GitHubAPI:
    "Probot 9's client, as a type and as a factory: GitHubAPI(options) is new AppClient(options), and GitHubAPI({ Octokit: X, ... }) is new X({ ... })",
});

export function renameText(imported: string, target: string, extra?: string): string {
  const notes = [extra, RENAME_NOTES[imported]].filter((note) => note !== undefined);
  return `${imported} → ${target}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

/** Option keys of `new Probot()`, `createProbot()` and `createNodeMiddleware()` spelled differently here. */
export const OPTION_RENAMES = table<string>({
  githubToken: "platformToken",
  Octokit: "Client",
});

/** createNodeMiddleware's options: Probot's `probot` and `webhooksPath`. */
export const MIDDLEWARE_RENAMES = table<string>({ probot: "app", webhooksPath: "webhookPath" });

/** createLambdaFunction's options: Probot's `probot`. */
export const LAMBDA_RENAMES = table<string>({ probot: "app" });

/** The context's client: `context.octokit`, `{ octokit }`, `Context["octokit"]`; Probot 9 and 10 called it `github`. */
export const CONTEXT_RENAMES = table<string>({ octokit: "client", github: "client" });

/** Probot 9's `context.issue()` gave `number`, which @octokit/rest 16 took for `issue_number`. */
export const ISSUE_RENAMES = table<string>({ number: "issue_number" });

/** @octokit/rest 16's `number` of the pulls and milestone methods, and `context.issue()` given to pulls. */
export const PULL_RENAMES = table<string>({ number: "pull_number", issue: "pullRequest" });
/** Probot 7 and 8's client method for GraphQL (a deprecated alias in Probot 9). */
export const GRAPHQL_RENAMES = table<string>({ query: "graphql" });
export const MILESTONE_RENAMES = table<string>({ number: "milestone_number" });

/** Names probot exports that gh-app-kit has not, with what to do instead (none today: Probot's Server is here too). */
export const MISSING_EXPORTS = table<string>({});

/** A name probot exports that gh-app-kit neither has nor renames. */
export function isMissingExport(name: string): boolean {
  return MISSING_EXPORTS[name] !== undefined || (EXPORT_RENAMES[name] === undefined && !FRAMEWORK_EXPORTS.has(name));
}

/** A test keeps this equal to src/index.ts. */
export const FRAMEWORK_EXPORTS: ReadonlySet<string> = new Set([
  "AdditionalOptions",
  "aliasLog",
  "App",
  "APP_ERROR_CODES",
  "AppAggregateError",
  "AppAuth",
  "AppClient",
  "AppError",
  "AppErrorCode",
  "Application",
  "ApplicationFunction",
  "ApplicationFunctionOptions",
  "appMeta",
  "AppOptions",
  "AppPlugin",
  "AppPluginAdditions",
  "AppServer",
  "AppsGetAuthenticatedResponse",
  "AppWebhooks",
  "auth",
  "Authentication",
  "BASE_KEY",
  "BASE_REGEX",
  "bindMethod",
  "checkEventSubscriptions",
  "CheckEventSubscriptionsOptions",
  "CLIENT_DEFAULTS",
  "CONFIG_PATH",
  "ConfigApi",
  "ConfigCache",
  "ConfigCacheOptions",
  "ConfigFile",
  "ConfigPluginOptions",
  "Configuration",
  "Constructor",
  "Context",
  "EventContext",
  "createApp",
  "createAppAuthStrategy",
  "CreateAppOptions",
  "createConfigCache",
  "createDefaultApp",
  "createLambdaHandler",
  "CreateDefaultAppOptions",
  "createNodeMiddleware",
  "createServer",
  "CreateServerOptions",
  "createWebHandler",
  "createWebhookProxy",
  "DEFAULT_BASE",
  "defaultApp",
  "defaultAppFns",
  "DefaultsFunction",
  "DeliveryTracing",
  "DEPRECATED_APP_KEYS",
  "DeprecatedApplicationFunction",
  "deprecatedCreateApp",
  "DeprecatedKey",
  "deprecatedKeys",
  "DeprecatedLogger",
  "DEVELOPMENT_SECRET",
  "didDeprecate",
  "didFailRetrievingAppMeta",
  "ErrorHandler",
  "FactoryOptions",
  "flushSentry",
  "getAppMeta",
  "getAuthenticatedClient",
  "GetConfigOptions",
  "GetConfigResult",
  "getLog",
  "GetLogOptions",
  "getPrivateKey",
  "getPublicDomain",
  "GetPublicDomainOptions",
  "getWelcomeMessage",
  "GraphqlResponseError",
  "isAppError",
  "ListenInfo",
  "LambdaHandler",
  "LambdaHandlerOptions",
  "LoadOptions",
  "LOG_LEVELS",
  "Logger",
  "LogLevel",
  "MergeOptions",
  "MiddlewareOptions",
  "NodeMiddleware",
  "NodeMiddlewareOptions",
  "OnCallback",
  "Options",
  "Parameters",
  "PRIMARY_RATE_LIMIT_RETRIES",
  "PRIVATE_KEY_HINT",
  "ProbotServerOptions",
  "receive",
  "ReceiveApp",
  "ReceiveOptions",
  "ReceiveResult",
  "RegistrationInfo",
  "RegistrationOptions",
  "ReposGetContentsParams",
  "RequestError",
  "RequestErrorOptions",
  "Resolver",
  "Router",
  "run",
  "RunningServer",
  "RunOptions",
  "RunOverrides",
  "SECONDARY_RATE_LIMIT_RETRIES",
  "Server",
  "ServerOptions",
  "ServerStats",
  "State",
  "TokenCache",
  "VERSION",
  "WebHandlerOptions",
  "WebhookProxy",
  "WebhookProxyOptions",
]);

export const PACKAGE_HINTS: ReadonlyArray<{ prefix: string; hint: string }> = [
  {
    prefix: "@probot/adapter-aws-lambda-serverless",
    hint: "Write the handler with gh-app-kit's own entry: createLambdaHandler(appFn, { app: createApp() }) for createLambdaFunction(appFn, { probot: createProbot() }), imported from gh-app-kit (docs/deploy.md); then drop this dependency.",
  },
  {
    prefix: "@probot/adapter-github-actions",
    hint: 'gh-app-kit/actions has the adapter\'s run(app) and every name of gh-app-kit: import { run } from "gh-app-kit/actions" (it reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH and GITHUB_TOKEN; docs/deploy.md#github-actions), then drop this dependency.',
  },
  {
    prefix: ACTIONS_ADAPTER_V1,
    hint: 'gh-app-kit/actions has its function as run(): const { run: adapt } = require("gh-app-kit/actions") (import { run as adapt } in an ES module); run(app) for adapt(app), run([appA, appB]) for adapt(appA, appB), from "gh-app-kit/actions". It reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH and GITHUB_TOKEN (docs/deploy.md#github-actions); then drop this dependency.',
  },
  {
    prefix: "@probot/adapter-azure-functions",
    hint: 'On Azure Functions (model 4) createWebHandler is the HTTP handler: handler: createWebHandler(appFn, { app: createApp(), webhookPath: "/api/ProbotFunction" }) for createAzureFunctionV4(appFn, { probot: createProbot() }), with the function\'s own route as webhookPath (docs/deploy.md, "Azure Functions"); then drop this dependency.',
  },
  {
    prefix: "@probot/adapter-",
    hint: "Probot adapters do not work here: use createNodeMiddleware() or createWebHandler() (docs/server.md).",
  },
  {
    prefix: "@probot/get-private-key",
    hint: "gh-app-kit exports getPrivateKey({ filepath, env, cwd }) with the same search order; import it from gh-app-kit and drop this dependency.",
  },
  {
    prefix: "@probot/",
    hint: "A Probot package: check it still works without probot, or replace it with gh-app-kit's own feature.",
  },
  {
    prefix: "probot-",
    hint: "A Probot extension: it may call context.octokit or Probot internals; check it against context.client and replace it if it fails.",
  },
];

export function findPackageHint(name: string): string | undefined {
  return PACKAGE_HINTS.find(({ prefix }) => name.startsWith(prefix))?.hint;
}

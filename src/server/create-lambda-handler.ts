import type { APIGatewayProxyResult, handle, LambdaContext, LambdaEvent } from "hono/aws-lambda";
import type { App } from "../app.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import { AppError } from "../errors.js";
import { makeWebHandler, type WebHandlerOptions } from "./create-web-handler.js";
import { DEFAULT_WEBHOOK_PATH } from "./server-defaults.js";

export type LambdaHandlerOptions = WebHandlerOptions;
export type { APIGatewayProxyResult, LambdaContext, LambdaEvent };
/** An AWS Lambda function: API Gateway (REST API v1, HTTP API v2), function URLs, ALB and VPC Lattice events. */
export type LambdaHandler = ((event: LambdaEvent, context?: LambdaContext) => Promise<APIGatewayProxyResult>) & {
  /** Closes the delivery queue it opened (`queue: "redis"`). */
  close(): Promise<void>;
};
type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;
/**
 * Lambda freezes the function as soon as it answers, so a `202` would leave the handlers frozen
 * mid-way. By default the answer waits for them, as Probot's Lambda adapter did, up to Lambda's
 * longest run (15 min); `handlerTimeoutMs` brings the `202` back.
 */
const LAMBDA_LONGEST_MS = 15 * 60 * 1000;
type FetchApp = Parameters<typeof handle>[0];
// Hono marks hono/aws-lambda for removal in Hono 5, in favour of @hono/aws-lambda (not on npm yet): same handle().

/**
 * `createWebHandler` as an AWS Lambda function, through Hono's Lambda adapter:
 * the event becomes a Web `Request` (headers in any case, base64 bodies
 * decoded) and the answer a Lambda result. A POST that carries
 * `X-GitHub-Event` is a delivery at whatever path it came (a stage, a base
 * path mapping or a function URL's root), as Probot's Lambda adapter took
 * them; other requests go to the routes by their path.
 *
 * @example
 * export const webhooks = createLambdaHandler(appFn, { app: createApp() });
 */
export function createLambdaHandler(app: App, options?: LambdaHandlerOptions): LambdaHandler;
export function createLambdaHandler(
  appFn: ApplicationFunction,
  options: LambdaHandlerOptions & { app: App },
): LambdaHandler;
export function createLambdaHandler(
  appFn: DeprecatedApplicationFunction,
  options: LambdaHandlerOptions & { app: App },
): LambdaHandler;
export function createLambdaHandler(
  appOrFn: App | AnyAppFunction,
  options: LambdaHandlerOptions & { app?: App | undefined } = {},
): LambdaHandler {
  requireApp(appOrFn, options);
  const waiting = { handlerTimeoutMs: LAMBDA_LONGEST_MS, ...options } as LambdaHandlerOptions & { app: App };
  const web = makeWebHandler(appOrFn, waiting, "createLambdaHandler");
  const app = typeof appOrFn === "function" ? (options.app as App) : appOrFn;
  const webhookPath = options.webhookPath ?? app.state.webhooks.path ?? DEFAULT_WEBHOOK_PATH;
  const fetch = (request: Request) => web(atWebhookPath(request, webhookPath));
  // Hono's adapter is loaded by the first event, not by the package's root: a server's start does not pay for it.
  let lambda: Promise<ReturnType<typeof handle>> | undefined;
  const adapted = () =>
    (lambda ??= import("hono/aws-lambda").then((adapter) => adapter.handle({ fetch } as unknown as FetchApp)));
  return Object.assign(async (event: LambdaEvent, context?: LambdaContext) => (await adapted())(event, context), {
    close: web.close,
  });
}

/** A delivery names its event in a header: that, not the path, says it is one. */
function atWebhookPath(request: Request, webhookPath: string): Request {
  if (request.method !== "POST" || !request.headers.has("x-github-event")) return request;
  const url = new URL(request.url);
  if (url.pathname === webhookPath) return request;
  url.pathname = webhookPath;
  return new Request(url, request);
}

/** An app function needs its App beside it; Probot's adapter took it as `{ probot }`. */
function requireApp(appOrFn: App | AnyAppFunction, options: { app?: App | undefined } | undefined): void {
  if (typeof appOrFn !== "function" || options?.app) return;
  const probot = typeof options === "object" && options !== null && "probot" in options;
  const message = probot
    ? 'createLambdaHandler takes the App as its "app" option, not "probot".'
    : 'createLambdaHandler(appFn, options) needs the App as its "app" option.';
  throw new AppError("OPTION_INVALID", message, {
    hint: `Write createLambdaHandler(appFn, { app: createApp() })${probot ? "; app migrate makes this change" : ""}.`,
  });
}

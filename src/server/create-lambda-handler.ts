import type { APIGatewayProxyResult, handle, LambdaContext, LambdaEvent } from "hono/aws-lambda";
import type { App } from "../app.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import { AppError } from "../errors.js";
import { makeWebHandler, type WebHandlerOptions } from "./create-web-handler.js";

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
  // The path the web handler resolved (webhookPath, Probot's webhooksPath, the app's, the default).
  const { handler: web, webhookPath } = makeWebHandler(appOrFn, waiting, "createLambdaHandler");
  const fetch = (request: Request) => web(atWebhookPath(request, webhookPath));
  // Hono's adapter is loaded by the first event, not by the package's root: a server's start does not pay for it.
  let lambda: Promise<ReturnType<typeof handle>> | undefined;
  const adapted = () =>
    (lambda ??= import("hono/aws-lambda").then((adapter) => adapter.handle({ fetch } as unknown as FetchApp)));
  return Object.assign(
    async (event: LambdaEvent, context?: LambdaContext): Promise<APIGatewayProxyResult> => {
      if (typeof event !== "object" || event === null) return NOT_AN_EVENT;
      return (await adapted())(withoutBodyOnRead(asProbotTookIt(event, webhookPath)), context);
    },
    { close: web.close },
  );
}

/**
 * Probot's Lambda adapter read an event's headers and body, nothing else: its tests, and apps' tests
 * after them, invoke the function with `{ headers, body }`, no method and no path. Such an event (no
 * field of API Gateway's, a function URL's, an ALB's or VPC Lattice's that names a method) is a POST
 * at the webhook path, as the adapter took it; Hono's adapter would make it a GET, which cannot have a body.
 */
function asProbotTookIt(event: LambdaEvent, webhookPath: string): LambdaEvent {
  if (typeof event !== "object" || event === null) return event;
  const fields = event as unknown as Record<string, unknown>;
  const named = ["httpMethod", "method", "requestContext", "rawPath"].some((key) => fields[key] !== undefined);
  if (named || typeof fields.headers !== "object" || fields.headers === null) return event;
  const path = typeof fields.path === "string" && fields.path !== "" ? fields.path : webhookPath;
  return { ...fields, httpMethod: "POST", path } as unknown as LambdaEvent;
}

/** What a Lambda invoked with no HTTP event at all is answered (a test's `handler(undefined)`, a direct invocation). */
const NOT_AN_EVENT: APIGatewayProxyResult = {
  statusCode: 400,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    error:
      "The Lambda was invoked without an HTTP event: invoke it through API Gateway, a function URL, an ALB or VPC Lattice.",
  }),
  isBase64Encoded: false,
};

/**
 * A GET or HEAD that carries a body (API Gateway forwards one): the body is dropped, as servers
 * ignore it, where a fetch `Request` refuses it and the adapter printed a stack trace and answered 400.
 */
function withoutBodyOnRead(event: LambdaEvent): LambdaEvent {
  const fields = event as unknown as Record<string, unknown>;
  if (fields.body === undefined || fields.body === null || fields.body === "") return event;
  const http = (fields.requestContext as { http?: { method?: unknown } } | undefined)?.http;
  const method = String(http?.method ?? fields.httpMethod ?? fields.method ?? "").toUpperCase();
  if (method !== "" && method !== "GET" && method !== "HEAD") return event; // none: the adapter makes a GET
  return { ...fields, body: null, isBase64Encoded: false } as unknown as LambdaEvent;
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

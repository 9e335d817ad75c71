import { context, propagation, SpanKind, trace, type Attributes, type Tracer } from "@opentelemetry/api";
import type { Octokit } from "@octokit/core";
import { VERSION } from "../version.js";
import type { Instruments } from "./instruments.js";
import { recordError } from "./record-error.js";
import { scrubSecrets } from "../log/secrets.js";
import { setRequestContext } from "../client/request-context.js";

type Headers = Record<string, unknown> | undefined;

/** Spans are named by route template; never a sent header, a token or the expanded URL becomes an attribute. */
export function createRequestTracing(tracer: Tracer, instruments: Instruments) {
  const plugin = (octokit: Octokit, options: { auth?: unknown; baseUrl?: string }) => {
    const installationId = (options.auth as { installationId?: unknown } | undefined)?.installationId;
    const installation = typeof installationId === "number" ? installationId : undefined;
    octokit.hook.wrap("request", (request, endpoint) => {
      const method = String(endpoint.method ?? "GET").toUpperCase();
      const template = routeTemplate(String(endpoint.url ?? ""));
      const attributes: Attributes = { "http.request.method": method, "url.template": template };
      const host = hostOf(typeof endpoint.baseUrl === "string" ? endpoint.baseUrl : String(endpoint.url ?? ""));
      if (host) attributes["server.address"] = host;
      if (installation !== undefined) attributes["github.installation_id"] = installation;
      const span = tracer.startSpan(`${method} ${template}`, { kind: SpanKind.CLIENT, attributes });
      const active = trace.setSpan(context.active(), span);
      // traceparent (and tracestate) for the platform; the same on every retry of this request.
      propagation.inject(active, endpoint.headers);
      // The throttling queue may run the inner hooks in another request's context: the token exchange comes back to this one.
      setRequestContext(endpoint, (fn) => context.with(active, fn));
      const answered = (status: number | undefined, headers: Headers) => {
        if (status !== undefined) span.setAttribute("http.response.status_code", status);
        const remaining = Number(headers?.["x-ratelimit-remaining"]);
        if (headers?.["x-ratelimit-remaining"] !== undefined && Number.isFinite(remaining)) {
          span.setAttribute("github.rate_limit.remaining", remaining);
          instruments.rateLimitRemaining.record(remaining, {
            "github.installation_id": installation ?? "app",
            "github.rate_limit.resource": scrubSecrets(String(headers?.["x-ratelimit-resource"] ?? "core")),
          });
        }
        // Header values are the platform's (or a proxy's) words: scrubbed as the log's are.
        const id = headers?.["x-github-request-id"];
        if (typeof id === "string") span.setAttribute("github.request_id", scrubSecrets(id));
      };
      return Promise.resolve(context.with(active, () => request(endpoint))).then(
        (response) => {
          answered(response.status, response.headers as Headers);
          span.end();
          return response;
        },
        (error: unknown) => {
          const { status, response } = (error ?? {}) as { status?: unknown; response?: { headers?: Headers } };
          answered(typeof status === "number" ? status : undefined, response?.headers);
          span.setAttribute(
            "error.type",
            typeof status === "number" ? String(status) : scrubSecrets(String((error as Error)?.name ?? "Error")),
          );
          recordError(span, error);
          span.end();
          throw error;
        },
      );
    });
  };
  plugin.VERSION = VERSION;
  return plugin;
}

/** The template as the caller named it; an absolute URL (a next page) loses its origin and query. */
function routeTemplate(url: string): string {
  if (!/^https?:\/\//.test(url)) return url.split("?")[0]!;
  try {
    return new URL(url).pathname;
  } catch {
    return "unknown";
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

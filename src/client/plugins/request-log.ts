import type { Octokit } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import { VERSION } from "../../version.js";

/** Never headers or bodies, so no token or key can reach the log from here. */
export function requestLog(octokit: Octokit): void {
  octokit.hook.wrap("request", async (request, options) => {
    const log = octokit.log;
    if (!isDebugEnabled(log)) return request(options);
    const start = performance.now();
    const { method, url } = octokit.request.endpoint.parse(options as EndpointDefaults);
    const path = stripOrigin(url, options.baseUrl);
    try {
      const response = await request(options);
      log.debug(`${method} ${path} - ${response.status} with id ${requestId(response.headers)} in ${elapsed(start)}ms`);
      return response;
    } catch (error) {
      const { status, response } = error as { status?: number; response?: { headers?: Record<string, unknown> } };
      log.debug(
        `${method} ${path} - ${status ?? "network error"} with id ${requestId(response?.headers)} in ${elapsed(start)}ms`,
      );
      throw error;
    }
  });
}
requestLog.VERSION = VERSION;

function isDebugEnabled(log: Octokit["log"]): boolean {
  const isLevelEnabled = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof isLevelEnabled === "function" ? isLevelEnabled.call(log, "debug") : true;
}

function stripOrigin(url: string, baseUrl: unknown): string {
  const path = typeof baseUrl === "string" && url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
  const query = path.indexOf("?");
  return query === -1 ? path : path.slice(0, query);
}

function requestId(headers: Record<string, unknown> | undefined): string {
  const id = headers?.["x-github-request-id"];
  return typeof id === "string" ? id : "unknown";
}

function elapsed(start: number): number {
  return Math.round(performance.now() - start);
}

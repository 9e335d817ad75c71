import type { Octokit } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import { VERSION } from "../../version.js";

type RequestOptions = EndpointDefaults & { mediaType?: { previews?: string[]; format?: string } };

/**
 * `mediaType: { previews: ["baptiste"] }` on a REST request sends
 * `Accept: application/vnd.github.baptiste-preview+json`, as Probot 10-12's
 * client did. Octokit now does so for GraphQL only, and apps' suites match the
 * preview header with nock's `matchHeader("accept", ...)`.
 */
export function previewAccept(octokit: Octokit): void {
  octokit.hook.before("request", (request: RequestOptions) => {
    const previews = request.mediaType?.previews;
    if (!previews?.length || String(request.url).endsWith("/graphql")) return;
    if (/application\/octet-stream/i.test(String(request.headers.accept))) return;
    const format = request.mediaType?.format ? `.${request.mediaType.format}` : "+json";
    const named = String(request.headers.accept ?? "").match(/(?<![\w-])[\w-]+(?=-preview)/g) ?? [];
    const all = [...new Set([...named, ...previews.map((preview) => preview.replace(/-preview$/, ""))])];
    request.headers.accept = all.map((preview) => `application/vnd.github.${preview}-preview${format}`).join(",");
  });
}
previewAccept.VERSION = VERSION;

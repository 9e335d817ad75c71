import type { Octokit, OctokitOptions } from "@octokit/core";
import { GITHUB_API_URL, platformUrls } from "../../options/platform-urls.js";
import { VERSION } from "../../version.js";

const GITHUB_UPLOADS_URL = platformUrls(GITHUB_API_URL).uploadsUrl;

/**
 * `repos.uploadReleaseAsset` names github.com's uploads host in its route: on an Enterprise
 * Server or a GHE.com tenant the asset goes to that platform's uploads address instead.
 */
export function platformUploads(octokit: Octokit, options: OctokitOptions): void {
  const baseUrl = options.baseUrl;
  if (!baseUrl || baseUrl.replace(/\/+$/, "") === GITHUB_API_URL) return;
  const uploadsUrl = platformUrls(baseUrl).uploadsUrl;
  octokit.hook.before("request", (request) => {
    if (request.baseUrl === GITHUB_UPLOADS_URL) request.baseUrl = uploadsUrl;
  });
}
platformUploads.VERSION = VERSION;

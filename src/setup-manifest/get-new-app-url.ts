import { platformUrls } from "../options/platform-urls.js";

export type GetNewAppUrlOptions = {
  /** The platform's API base URL; unset for github.com. */
  baseUrl?: string | undefined;
  /** Register the app for this organisation (`GH_ORG`) instead of the user. */
  org?: string | undefined;
  state: string;
};

/** The page that registers a new app from a manifest: on github.com, a GHE.com tenant or a server. */
export function getNewAppUrl({ baseUrl, org, state }: GetNewAppUrlOptions): string {
  const path = org ? `/organizations/${encodeURIComponent(org)}/settings/apps/new` : "/settings/apps/new";
  const url = new URL(path, platformUrls(baseUrl).webUrl);
  url.searchParams.set("state", state);
  return url.href;
}

const GITHUB_API = "https://api.github.com";
const GITHUB_WEB = "https://github.com";

export type GetNewAppUrlOptions = {
  /** The platform's API base URL; unset for github.com. */
  baseUrl?: string | undefined;
  /** Register the app for this organisation (`GH_ORG`) instead of the user. */
  org?: string | undefined;
  state: string;
};

export function getNewAppUrl({ baseUrl, org, state }: GetNewAppUrlOptions): string {
  const path = org ? `/organizations/${encodeURIComponent(org)}/settings/apps/new` : "/settings/apps/new";
  const url = new URL(path, getWebOrigin(baseUrl));
  url.searchParams.set("state", state);
  return url.href;
}

/** GitHub Enterprise Server serves web and API from one host. */
export function getWebOrigin(baseUrl: string | undefined): string {
  if (!baseUrl) return GITHUB_WEB;
  const url = new URL(baseUrl);
  return url.origin === GITHUB_API ? GITHUB_WEB : url.origin;
}

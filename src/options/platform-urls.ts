import { AppError } from "../errors.js";

/** The addresses of one platform: the API, uploads and the web pages. */
export type PlatformUrls = {
  /** "github.com"; "ghes": GitHub Enterprise Server; "ghe.com": a data-residency tenant. */
  kind: "github.com" | "ghes" | "ghe.com";
  /** The REST API base, without a trailing slash, e.g. `https://api.github.com`. */
  apiUrl: string;
  /** Where release assets are uploaded, e.g. `https://uploads.github.com`. */
  uploadsUrl: string;
  /** The web pages' origin, e.g. `https://github.com`: app settings, the manifest flow. */
  webUrl: string;
};

export const GITHUB_API_URL = "https://api.github.com";

const GITHUB: PlatformUrls = {
  kind: "github.com",
  apiUrl: GITHUB_API_URL,
  uploadsUrl: "https://uploads.github.com",
  webUrl: "https://github.com",
};

/** `<tenant>.ghe.com`, the data-residency cloud; its API is `api.<tenant>.ghe.com`, without `/api/v3`. */
const TENANT_HOST = /^(?:api\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)\.ghe\.com$/i;

/**
 * The platform's addresses from `GHE_HOST` (a host name, no protocol): a GitHub Enterprise
 * Server serves its API at `<protocol>://<host>/api/v3`; a GHE.com tenant `<tenant>.ghe.com`
 * at `https://api.<tenant>.ghe.com`. No host: github.com.
 */
export function platformUrlsFromHost(host: string | undefined, protocol: "https" | "http" = "https"): PlatformUrls {
  if (!host) return GITHUB;
  if (/^[a-z]+:\/\//i.test(host) || host.includes("/")) {
    throw new AppError("OPTION_INVALID", `GHE_HOST must be a host name without protocol or path, got "${host}".`, {
      hint: "Set GHE_HOST=ghe.example.com (or <tenant>.ghe.com) and, if needed, GHE_PROTOCOL=http.",
    });
  }
  const tenant = TENANT_HOST.exec(host)?.[1];
  if (tenant) return tenantUrls(tenant.toLowerCase());
  if (/^(api\.)?github\.com$/i.test(host)) return GITHUB;
  return serverUrls(`${protocol}://${host}`);
}

/**
 * The platform's addresses from its API base URL (`baseUrl`, `--base-url`): the inverse of
 * `platformUrlsFromHost`, for whichever of the two the configuration gave.
 */
export function platformUrls(baseUrl: string | undefined): PlatformUrls {
  if (!baseUrl) return GITHUB;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new AppError("OPTION_INVALID", `The platform's API base URL "${baseUrl}" is not a URL.`, {
      hint: "Use https://<host>/api/v3 for GitHub Enterprise Server, https://api.<tenant>.ghe.com for GHE.com.",
    });
  }
  const apiUrl = baseUrl.replace(/\/+$/, "");
  if (apiUrl === GITHUB_API_URL) return GITHUB;
  const tenant = /^api\.([^.]+)\.ghe\.com$/i.exec(url.hostname)?.[1];
  if (tenant && (url.pathname === "/" || url.pathname === "")) return tenantUrls(tenant.toLowerCase(), url.origin);
  const server = /^(.*?)\/api\/v3$/.exec(apiUrl);
  if (server) return { ...serverUrls(server[1]!), apiUrl };
  // Some other address (a proxy, a test platform): pages and uploads from the same origin.
  return { kind: "ghes", apiUrl, uploadsUrl: apiUrl, webUrl: url.origin };
}

function tenantUrls(tenant: string, apiOrigin = `https://api.${tenant}.ghe.com`): PlatformUrls {
  return {
    kind: "ghe.com",
    apiUrl: apiOrigin,
    uploadsUrl: `https://uploads.${tenant}.ghe.com`,
    webUrl: `https://${tenant}.ghe.com`,
  };
}

function serverUrls(origin: string): PlatformUrls {
  return { kind: "ghes", apiUrl: `${origin}/api/v3`, uploadsUrl: `${origin}/api/uploads`, webUrl: origin };
}

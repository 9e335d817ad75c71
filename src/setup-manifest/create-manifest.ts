import type { AppManifest } from "./read-app-manifest.js";

export type ManifestAddresses = {
  /** The app's public address, e.g. `https://my-app.example.com`. */
  domain: string;
  /** Where GitHub should send webhooks: the proxy URL or `<domain><webhookPath>`. */
  webhookUrl: string;
  /** Where GitHub sends the browser back with the code: `<domain>/app/setup`. */
  redirectUrl: string;
};

/** What an app gets when neither app.yml nor package.json says otherwise. */
export const DEFAULT_MANIFEST = {
  name: "my-github-app",
  public: false,
  default_events: ["issues"],
  default_permissions: { issues: "write", metadata: "read" },
} as const satisfies AppManifest;

/** `redirect_url` is always this server's: the flow cannot finish elsewhere. */
export function createManifest(base: AppManifest, { domain, webhookUrl, redirectUrl }: ManifestAddresses): AppManifest {
  return {
    ...DEFAULT_MANIFEST,
    default_events: [...DEFAULT_MANIFEST.default_events],
    default_permissions: { ...DEFAULT_MANIFEST.default_permissions },
    url: domain,
    ...base,
    hook_attributes: { url: webhookUrl, ...base.hook_attributes },
    redirect_url: redirectUrl,
  };
}

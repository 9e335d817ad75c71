/**
 * A webhook secret that is a URL is a smee channel given to `-W`, which was Probot's flag for the
 * webhook proxy (here it is the secret's; the proxy's is `-Y`): the deliveries it would relay never
 * come, and the secret is not the app's.
 */
export function secretIsUrl(secret: string | undefined): boolean {
  return secret !== undefined && /^https?:\/\/\S+$/i.test(secret.trim());
}

export const SECRET_IS_URL =
  "The webhook secret is a URL: Probot's -W was --webhook-proxy; here -W is --secret and the proxy is -Y/--webhook-proxy.";

import { getPublicDomain, type GetPublicDomainOptions } from "./get-public-domain.js";

/**
 * The line the server logs on start: `Welcome! Go to <domain> to get started.`
 * with the domain of `getPublicDomain`.
 *
 * @example
 * log.info(getWelcomeMessage({ env: process.env }));
 */
export function getWelcomeMessage(options: GetPublicDomainOptions): string {
  return `Welcome! Go to ${getPublicDomain(options)} to get started.`;
}

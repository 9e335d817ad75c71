import { renameParameters } from "./rename-parameters.js";
import type { CatalogueEntry, EndpointMethod, WarnLog } from "./types.js";
import { warnOnce } from "./warn-once.js";

export type BuildAliasMethodOptions = {
  /** The catalogue name, as `"group.method"`. */
  name: string;
  entry: CatalogueEntry & { target: string };
  /** Today's method the alias sends through. */
  target: EndpointMethod;
  /** Read on each call, so a logger swapped in later is used. */
  getLog: () => WarnLog;
};

/** `defaults` and `endpoint` are today's method's own, so `paginate` works over the alias. */
export function buildAliasMethod({ name, entry, target, getLog }: BuildAliasMethodOptions): EndpointMethod {
  const message = `client.${name}() is deprecated, use client.${entry.target}() instead (same endpoint: ${entry.route})`;
  const send = (parameters?: Parameters<EndpointMethod>[0]) => {
    warnOnce(getLog(), name, message);
    return target(renameParameters(parameters, entry.renamedParameters));
  };
  return Object.assign(send, {
    defaults: target.defaults,
    endpoint: target.endpoint,
  });
}

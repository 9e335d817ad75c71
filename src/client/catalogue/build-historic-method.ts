import type { RequestParameters } from "@octokit/types";
import { renameParameters } from "./rename-parameters.js";
import type { CatalogueEntry, EndpointMethod, RequestMethod, WarnLog } from "./types.js";
import { warnOnce } from "./warn-once.js";

export type BuildHistoricMethodOptions = {
  /** The catalogue name, as `"group.method"`. */
  name: string;
  entry: CatalogueEntry;
  /** The client's `request`; the method is `request.defaults(route + old defaults)`. */
  request: RequestMethod;
  /** Read on each call, so a logger swapped in later is used. */
  getLog: () => WarnLog;
};

/** Sends the route as the catalogue recorded it; its media-type previews become `accept`. */
export function buildHistoricMethod({ name, entry, request, getLog }: BuildHistoricMethodOptions): EndpointMethod {
  const routeRequest = request.defaults(toRequestDefaults(entry));
  const message = historicWarning(name, entry);
  const send = (parameters?: Parameters<EndpointMethod>[0]) => {
    warnOnce(getLog(), name, message);
    return routeRequest(entry.route, renameParameters(parameters, entry.renamedParameters));
  };
  return Object.assign(send, {
    defaults: routeRequest.defaults,
    endpoint: routeRequest.endpoint,
  });
}

function toRequestDefaults({ route, defaults = {} }: CatalogueEntry): RequestParameters {
  const [method = "GET", url = "/"] = route.split(" ");
  const { mediaType, headers = {}, baseUrl } = defaults;
  // Today's @octokit/endpoint only turns previews into `accept` for GraphQL,
  // so the header the old plugin sent is written out here.
  const accept = mediaType?.previews.map((preview) => `application/vnd.github.${preview}-preview+json`).join(",");
  return {
    method,
    url,
    headers: { ...(accept && { accept }), ...headers },
    ...(baseUrl !== undefined && { baseUrl }),
  };
}

function historicWarning(name: string, entry: CatalogueEntry): string {
  const notes = [
    `client.${name}() is deprecated: it sends ${entry.route}, which the platform's current REST API no longer lists`,
  ];
  if (entry.renamed !== undefined) notes.push(`it was renamed to client.${entry.renamed}()`);
  if (entry.deprecated !== undefined) notes.push(entry.deprecated);
  return notes.join("; ");
}

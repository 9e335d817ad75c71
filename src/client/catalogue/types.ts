import type { Octokit } from "@octokit/core";
import type { OctokitResponse, RequestParameters } from "@octokit/types";

/**
 * How a catalogue method relates to today's endpoint methods:
 * - `today`: same name, same route; today's method is used as is.
 * - `changed`: same name, another route; today's method is used as is.
 * - `alias`: the name is gone, its route lives on as `target`.
 * - `historic`: the route is gone from today's plugin; it is sent as it was.
 */
export type CatalogueKind = "today" | "changed" | "alias" | "historic";

export type CatalogueDefaults = {
  readonly mediaType?: { readonly previews: readonly string[] };
  readonly headers?: Readonly<Record<string, string>>;
  readonly baseUrl?: string;
};

export type CatalogueEntry = {
  readonly kind: CatalogueKind;
  /** The route the method sent, e.g. `"GET /repos/{owner}/{repo}/issues"`. */
  readonly route: string;
  /** `alias` only: today's method with the same route, as `"group.method"`. */
  readonly target?: string;
  /** `changed` only: the route today's method of the same name sends. */
  readonly todayRoute?: string;
  /** The replacement the old plugin named, as `"group.method"`. */
  readonly renamed?: string;
  readonly deprecated?: string;
  readonly defaults?: CatalogueDefaults;
  /** Old parameter name → current name, e.g. `{ name: "secret_name" }`. */
  readonly renamedParameters?: Readonly<Record<string, string>>;
  /** The parameter sent as the whole request body. */
  readonly mapToData?: string;
};

export type CatalogueRoutes = {
  readonly [group: string]: { readonly [method: string]: CatalogueEntry };
};

export type RequestMethod = Octokit["request"];

export type WarnLog = { warn: (message: string) => unknown };

/** An endpoint method: called with one parameters object; `defaults` and `endpoint` as on `request`. */
export type EndpointMethod = {
  (parameters?: RequestParameters): Promise<OctokitResponse<any>>;
  defaults: RequestMethod["defaults"];
  endpoint: RequestMethod["endpoint"];
};

/** A method name of Probot 7 and 8's client (@octokit/rest 15) and the catalogue method sending its route. */
export type OlderName = {
  /** The catalogue method, as `"group.method"`. */
  readonly target: string;
  readonly route: string;
  /** Old parameter name → the target's, e.g. `{ number: "issue_number" }`. */
  readonly renamedParameters?: Readonly<Record<string, string>>;
};

export type OlderNames = {
  readonly [group: string]: { readonly [method: string]: OlderName };
};

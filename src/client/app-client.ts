import { Octokit, type OctokitOptions } from "@octokit/core";
import type { PaginateInterface } from "@octokit/plugin-paginate-rest";
import type { Api } from "@octokit/plugin-rest-endpoint-methods";
import type { RetryPlugin } from "@octokit/plugin-retry";
import { enterpriseCompatibility } from "@octokit/plugin-enterprise-compatibility";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { legacyRestEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { CatalogueApi } from "./catalogue/catalogue-api.js";
import { catalogueMethods } from "./catalogue/catalogue-methods.js";
import { layerClientOptions, mergeClientOptions } from "./merge-client-options.js";
import { config, type ConfigApi } from "./plugins/config.js";
import { graphqlQuery } from "./plugins/graphql-query.js";
import { idempotentRetries } from "./plugins/idempotent-retries.js";
import { laterTurnWithoutThrottle } from "./plugins/later-turn.js";
import { numberParameter } from "./plugins/number-parameter.js";
import { paginatePromise } from "./plugins/paginate-promise.js";
import { platformUploads } from "./plugins/platform-uploads.js";
import { previewAccept } from "./plugins/preview-accept.js";
import { registerTokens } from "./plugins/register-tokens.js";
import { requestErrorFields } from "./plugins/request-error-fields.js";
import { requestLog } from "./plugins/request-log.js";

/** What the plugins add to every client. */
export type AppClientMembers = Api["rest"] &
  Api &
  CatalogueApi & { paginate: PaginateInterface } & RetryPlugin &
  ConfigApi;

type AppClientConstructor = typeof Octokit & (new (...args: any[]) => Octokit & AppClientMembers);

const PluggedClient = Octokit.plugin(
  throttling,
  retry,
  paginateRest,
  legacyRestEndpointMethods,
  catalogueMethods,
  enterpriseCompatibility,
  requestLog,
  config,
  idempotentRetries,
  numberParameter,
  paginatePromise,
  graphqlQuery,
  platformUploads,
  previewAccept,
  laterTurnWithoutThrottle,
  registerTokens,
  requestErrorFields,
).defaults(mergeClientOptions);

/**
 * The platform REST client handed to handlers as `context.client`: Octokit
 * with throttling, retries, pagination, every REST method (at the root, as
 * `client.issues.createComment`, and under `client.rest`), Enterprise Server
 * compatibility, request logging and `client.config.get()`.
 *
 * @example
 * const client = new AppClient({ auth: { type: "token", token }, authStrategy: createAppAuthStrategy });
 * await client.issues.createComment({ owner, repo, issue_number: 1, body: "Hi" });
 */
export const AppClient: AppClientConstructor = class AppClient extends PluggedClient {
  /**
   * A subclass with these defaults. Unlike Octokit's own, an object's
   * `throttle` and `retry` are merged key by key with the instance's (and
   * with every layer's below), so `Client.defaults({ throttle: { enabled: false } })`
   * keeps the built-in rate-limit handlers and a later layer keeps it.
   */
  static override defaults<S extends new (...args: any[]) => any>(this: S, defaults: OctokitOptions | Function): S {
    const layer =
      typeof defaults === "function" ? defaults : (options: OctokitOptions) => layerClientOptions(defaults, options);
    return PluggedClient.defaults.call(this, layer) as S;
  }

  /**
   * A subclass with these plugins, as Octokit's; an array of them is taken as their list, as
   * Probot 9's client (@octokit/rest 16) took it: `AppClient.plugin([authPlugin])`.
   */
  static override plugin(...plugins: unknown[]): any {
    return (PluggedClient.plugin as (...given: unknown[]) => unknown).apply(this, plugins.flat());
  }
};

export type AppClient = InstanceType<typeof AppClient>;

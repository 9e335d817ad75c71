import { Octokit } from "@octokit/core";
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
import { mergeClientOptions } from "./defaults.js";
import { registerAppClient } from "./load-app-client.js";
import { config, type ConfigApi } from "./plugins/config.js";
import { idempotentRetries } from "./plugins/idempotent-retries.js";
import { requestLog } from "./plugins/request-log.js";

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
/** What the plugins add to every client. */
export type AppClientMembers = Api["rest"] & Api & CatalogueApi & { paginate: PaginateInterface } & RetryPlugin & ConfigApi;

type AppClientConstructor = typeof Octokit & (new (...args: any[]) => Octokit & AppClientMembers);

export const AppClient: AppClientConstructor = Octokit.plugin(
  throttling,
  retry,
  paginateRest,
  legacyRestEndpointMethods,
  catalogueMethods,
  enterpriseCompatibility,
  requestLog,
  config,
  idempotentRetries,
).defaults(mergeClientOptions);

export type AppClient = InstanceType<typeof AppClient>;

// Apps that were built before this module loaded find it here (see load-app-client.ts).
registerAppClient(AppClient);

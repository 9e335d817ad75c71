import { GraphqlResponseError as OctokitGraphqlResponseError } from "@octokit/graphql";
import { instanceOfAnyCopy } from "./request-error.js";

/**
 * The error `client.graphql()` rejects with when the platform answers with `errors` (`errors`,
 * `data`, `request`, `headers`), under the name apps import it by from @octokit/graphql.
 *
 * `error instanceof GraphqlResponseError` holds for every such error, whichever copy of
 * @octokit/graphql made it (the app's own, another major, the CommonJS build's bundled one), and
 * for the `GraphqlError` of @octokit/graphql's earlier versions (Probot 9's); see `RequestError`.
 */
export class GraphqlResponseError<ResponseData = unknown> extends OctokitGraphqlResponseError<ResponseData> {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return instanceOfAnyCopy(
      this,
      GraphqlResponseError,
      OctokitGraphqlResponseError,
      value,
      (error) =>
        (error.name === "GraphqlResponseError" || error.name === "GraphqlError") && Array.isArray(error.errors),
    );
  }
}

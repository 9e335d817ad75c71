import { GraphqlResponseError as OctokitGraphqlResponseError } from "@octokit/graphql";

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
    // A class of the app's own that extends this one keeps the ordinary check.
    if (this !== GraphqlResponseError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return value instanceof OctokitGraphqlResponseError || isGraphqlErrorOfAnyCopy(value);
  }
}

function isGraphqlErrorOfAnyCopy(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { name, errors, request } = value as { name?: unknown; errors?: unknown; request?: unknown };
  return (
    (name === "GraphqlResponseError" || name === "GraphqlError") &&
    Array.isArray(errors) &&
    typeof request === "object" &&
    request !== null &&
    // An Error of any realm (jest runs each test file in a realm of its own).
    Object.prototype.toString.call(value) === "[object Error]"
  );
}

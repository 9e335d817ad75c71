import type { Octokit } from "@octokit/core";
import type { RequestParameters } from "@octokit/types";
import { warnOnce } from "../catalogue/warn-once.js";
import { VERSION } from "../../version.js";

/**
 * `client.query(query, variables, headers)`: Probot 7 and 8's name for a GraphQL request, which Probot
 * 9 kept as a deprecated alias of `graphql`. The same request as `client.graphql(query, variables)`,
 * a third argument's headers sent with it, as there; one warning. Not in the client's type: `app
 * migrate` writes `graphql` where it sees the client.
 */
export function graphqlQuery(octokit: Octokit): void {
  const query = (text: string, variables?: RequestParameters, headers?: Record<string, string>) => {
    warnOnce(
      octokit.log,
      "client.query",
      "client.query() is deprecated (Probot 7 to 9): use client.graphql(query, variables), with headers as its variables' headers key",
    );
    const parameters = headers ? { ...variables, headers: { ...variables?.headers, ...headers } } : variables;
    return octokit.graphql(text, parameters);
  };
  Object.assign(octokit, { query });
}
graphqlQuery.VERSION = VERSION;

import type { RequestParameters } from "@octokit/types";
import type { Api } from "@octokit/plugin-rest-endpoint-methods";
import type { catalogueRoutes } from "./routes.generated.js";

type Routes = ReturnType<typeof catalogueRoutes>;
type Today = Api["rest"];
/** Any of today's generated methods: they share the `defaults` and `endpoint` types. */
type TodayMethod = Today["meta"]["get"];

/** One call signature, so `paginate` infers its parameters. */
export type HistoricMethod = {
  (parameters?: RequestParameters): ReturnType<ReturnType<TodayMethod["defaults"]>>;
  defaults: TodayMethod["defaults"];
  endpoint: TodayMethod["endpoint"];
};

/** Catalogue names of a group that today's endpoint methods lack. */
type AddedNames<G extends keyof Routes> = {
  [M in keyof Routes[G]]: Routes[G][M] extends { kind: "alias" | "historic" } ? M : never;
}[keyof Routes[G]];

/** An alias is typed as the method it sends through. */
type AddedMethod<E> = E extends {
  kind: "alias";
  target: `${infer G}.${infer M}`;
}
  ? G extends keyof Today
    ? M extends keyof Today[G]
      ? Today[G][M]
      : HistoricMethod
    : HistoricMethod
  : HistoricMethod;

export type CatalogueGroups = {
  [G in keyof Routes]: { [M in AddedNames<G>]: AddedMethod<Routes[G][M]> };
};

/** What `catalogueMethods` adds to a client: at its root and under `rest`. */
export type CatalogueApi = CatalogueGroups & { rest: CatalogueGroups };

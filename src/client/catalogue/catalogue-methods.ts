import type { Octokit } from "@octokit/core";
import { VERSION } from "../../version.js";
import { buildAliasMethod } from "./build-alias-method.js";
import { buildHistoricMethod } from "./build-historic-method.js";
import type { CatalogueApi } from "./catalogue-api.js";
import { createCatalogueGroup } from "./create-catalogue-group.js";
import { buildOlderName, olderNameTable } from "./older-name-groups.js";
import { catalogueRoutes } from "./routes.generated.js";
import type { CatalogueRoutes, EndpointMethod } from "./types.js";

type TodayGroups = Record<string, Record<string, unknown> | undefined>;

type Catalogue = {
  table: CatalogueRoutes;
  /** Per group, the names whose route today differs from the catalogue's. */
  changed: Map<string, ReadonlySet<string>>;
  names: Map<string, ReadonlySet<string>>;
};

let catalogue: Catalogue | undefined;

/** The table and its indexes, made with the first client rather than at load (a Worker's cold start). */
function loadCatalogue(): Catalogue {
  if (catalogue) return catalogue;
  const table: CatalogueRoutes = catalogueRoutes();
  const changed = new Map<string, ReadonlySet<string>>();
  for (const [group, methods] of Object.entries(table)) {
    const names = Object.keys(methods).filter((method) => methods[method]!.kind === "changed");
    if (names.length > 0) changed.set(group, new Set(names));
  }
  const names = new Map(Object.entries(table).map(([group, methods]) => [group, new Set(Object.keys(methods))]));
  catalogue = { table, changed, names };
  return catalogue;
}

/** Apply after `legacyRestEndpointMethods`: today's methods stay as they are. Built on first use. */
export function catalogueMethods(octokit: Octokit): CatalogueApi {
  const today = (octokit as Octokit & { rest?: TodayGroups }).rest;
  if (today === undefined) {
    throw new Error(
      "catalogueMethods needs the REST endpoint methods: apply it after them, as in Octokit.plugin(legacyRestEndpointMethods, catalogueMethods).",
    );
  }
  // `rest` has today's shape; the root has the catalogue's, so the few methods
  // whose route changed since send their historic route there.
  const { table, changed: changedByGroup, names: namesByGroup } = loadCatalogue();
  const older = olderNameTable();
  const groups: TodayGroups = {};
  const rootGroups: TodayGroups = {};
  for (const group of new Set([...namesByGroup.keys(), ...Object.keys(older)])) {
    const catalogued = namesByGroup.get(group) ?? new Set<string>();
    const olderNames = older[group];
    // Probot 7 and 8's names the catalogue lacks: aliases of the catalogue method with their route.
    const names = olderNames ? new Set([...catalogued, ...Object.keys(olderNames)]) : catalogued;
    const build = (method: string) =>
      catalogued.has(method)
        ? buildMethod(octokit, table, today, group, method)
        : buildOlderName(group, method, olderNames![method]!, groups, () => octokit.log);
    groups[group] = createCatalogueGroup({ today: today[group], names, build });
    const changed = changedByGroup.get(group);
    rootGroups[group] = changed
      ? createCatalogueGroup({
          today: today[group],
          names,
          replace: changed,
          // Everything else is the very method `rest` has (built once, shared).
          build: (method) =>
            changed.has(method) ? buildHistoric(octokit, table, group, method) : groups[group]![method],
        })
      : groups[group];
  }
  return {
    ...rootGroups,
    rest: { ...today, ...groups },
  } as unknown as CatalogueApi;
}
catalogueMethods.VERSION = VERSION;

/** A catalogue method today's plugin lacks: an alias when its route lives on, else its historic route. */
function buildMethod(
  octokit: Octokit,
  table: CatalogueRoutes,
  today: TodayGroups,
  group: string,
  method: string,
): EndpointMethod {
  const entry = table[group]![method]!;
  const name = `${group}.${method}`;
  const getLog = () => octokit.log;
  const { target } = entry;
  const targetMethod = target === undefined ? undefined : findMethod(today, target);
  // An alias whose target a newer plugin dropped falls back to its historic route.
  if (entry.kind === "alias" && target !== undefined && targetMethod !== undefined) {
    return buildAliasMethod({
      name,
      entry: { ...entry, target },
      target: targetMethod,
      getLog,
    });
  }
  return buildHistoricMethod({ name, entry, request: octokit.request, getLog });
}

function buildHistoric(octokit: Octokit, table: CatalogueRoutes, group: string, method: string): EndpointMethod {
  const entry = table[group]![method]!;
  return buildHistoricMethod({
    name: `${group}.${method}`,
    entry,
    request: octokit.request,
    getLog: () => octokit.log,
  });
}

function findMethod(today: TodayGroups, name: string): EndpointMethod | undefined {
  const [group = "", method = ""] = name.split(".");
  const value = today[group]?.[method];
  return typeof value === "function" ? (value as EndpointMethod) : undefined;
}

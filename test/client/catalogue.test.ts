import { AppClient } from "../../src/client/app-client.js";
import { existsSync, readFileSync } from "node:fs";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { legacyRestEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import { expect } from "chai";
import { catalogueMethods } from "../../src/client/catalogue/catalogue-methods.js";
import { CATALOGUE_COUNTS, CATALOGUE_EXCLUDED, catalogueRoutes } from "../../src/client/catalogue/routes.generated.js";
import type { RequestParameters } from "@octokit/core/types";
import type { CatalogueEntry, EndpointMethod } from "../../src/client/catalogue/types.js";
import { VERSION } from "../../src/version.js";
import { startFakePlatform, type RouteHandler } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

// A verbatim copy of shared/spec/client-method-catalogue.json (checked below when present).
const CATALOGUE_URL = new URL("./client-method-catalogue.json", import.meta.url);
const SPEC_PATH = "/work/shared/spec/client-method-catalogue.json";
const catalogue = JSON.parse(readFileSync(CATALOGUE_URL, "utf8")) as Record<string, string[]>;
const names = Object.entries(catalogue).flatMap(([g, ms]) => ms.map((m) => `${g}.${m}`));

type Log = {
  debug(m: string): void;
  info(m: string): void;
  warn(m: string): void;
  error(m: string): void;
};
/** The options a client factory receives; anything built from Octokit accepts them. */
export type ClientOptions = { baseUrl: string; log: Log };
type Client = {
  paginate: (method: EndpointMethod, parameters?: RequestParameters) => Promise<unknown[]>;
};

const table = catalogueRoutes() as unknown as Record<string, Record<string, CatalogueEntry>>;
const pick = (client: object, name: string, under?: "rest"): unknown => {
  const [group = "", method = ""] = name.split(".");
  const root = (under ? (client as { rest?: object }).rest : client) as Record<
    string,
    Record<string, unknown> | undefined
  >;
  return root?.[group]?.[method];
};
const quiet = (warnings: string[] = []): Log => ({
  debug() {},
  info() {},
  warn: (m) => void warnings.push(m),
  error() {},
});

/**
 * Walks the whole catalogue JSON on `client`: every REST method is a function
 * at the root and under `rest`, with `defaults` and `endpoint`, and
 * `endpoint()` gives the method and URL of the generated table. Returns the
 * problems found (none expected) and the names whose route changed today.
 *
 * @example
 * expect(checkCatalogueMethods(new AppClient()).problems).to.deep.equal([]);
 */
export function checkCatalogueMethods(client: object, baseUrl = "https://api.github.com") {
  const problems: string[] = [];
  const changed: string[] = [];
  let checked = 0;
  for (const name of names) {
    if ((CATALOGUE_EXCLUDED as readonly string[]).includes(name)) continue;
    checked += 1;
    const [group = "", method = ""] = name.split(".");
    const entry = table[group]?.[method];
    const value = pick(client, name);
    if (!entry) {
      problems.push(`${name}: not in the table`);
      continue;
    }
    if (typeof value !== "function") {
      problems.push(`${name}: not a function`);
      continue;
    }
    const underRest = pick(client, name, "rest");
    if (entry.kind === "changed" ? typeof underRest !== "function" || underRest === value : underRest !== value)
      problems.push(`${name}: rest ${entry.kind === "changed" ? "is not today's method" : "differs from root"}`);
    const found = value as Partial<EndpointMethod>;
    if (typeof found.defaults !== "function" || typeof found.endpoint !== "function") {
      problems.push(`${name}: no defaults/endpoint`);
      continue;
    }
    if (entry.kind === "changed") changed.push(name);
    // The root has the catalogue's shape: the historic route, also where today's differs.
    const route = entry.route;
    const [verb, template = ""] = route.split(" ");
    const path = template.replace(/\{\?[^}]*\}/, "").replace(/\{(\w+)\}/g, (_, p: string) => `v-${p}`);
    const parameters = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p, `v-${p}`]));
    const options = (found.endpoint as (p: object) => { method: string; url: string })(parameters);
    const url = `${entry.defaults?.baseUrl ?? baseUrl}${path}`;
    // `{?name,label}` expands to a query string; the path is what counts.
    const actual = template.includes("{?") ? options.url.replace(/\?.*$/, "") : options.url;
    if (options.method !== verb || actual !== url) {
      problems.push(`${name}: ${options.method} ${options.url}, table says ${verb} ${url}`);
    }
  }
  return { problems, changed, checked };
}

/**
 * The shared fake platform, answering every path (no credentials needed) and
 * serving `pages` of the given GET paths with `Link` headers, as GitHub does.
 */
async function startPlatform(pages: Record<string, unknown[][]> = {}) {
  const platform = await startFakePlatform({
    publicKey: getTestKeys().publicKey,
  });
  const ok = () => ({ status: 200, body: {} });
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    platform.on(method, "/:path+", ok, { auth: "public" });
  }
  for (const [path, all] of Object.entries(pages)) {
    const serve: RouteHandler = ({ query }) => {
      const page = Number(query.get("page") ?? 1);
      const next = `<${platform.url}${path}?page=${page + 1}>; rel="next"`;
      return {
        status: 200,
        body: all[page - 1],
        headers: page < all.length ? { link: next } : {},
      };
    };
    platform.on("GET", path, serve, { auth: "public" });
  }
  const sent = () =>
    platform.calls.map((call) => {
      const query = call.query.toString();
      return `${call.method} ${call.path}${query ? `?${query}` : ""}`;
    });
  return Object.assign(platform, { sent });
}

// Per process: remembers which sample methods this file has already called.
const calledBefore = new Set<string>();

const samples: Array<[name: string, params: RequestParameters, request: string, note: string]> = [
  [
    "issues.replaceAllLabels",
    { owner: "o", repo: "r", issue_number: 7, labels: ["bug"] },
    "PUT /repos/o/r/issues/7/labels",
    "use client.issues.setLabels()",
  ],
  [
    "actions.getSecret",
    { owner: "o", repo: "r", name: "TOKEN" },
    "GET /repos/o/r/actions/secrets/TOKEN",
    "use client.actions.getRepoSecret()",
  ],
  [
    "repos.replaceProtectedBranchTeamRestrictions",
    { owner: "o", repo: "r", branch: "main", teams: ["core"] },
    "PUT /repos/o/r/branches/main/protection/restrictions/teams",
    "client.repos.setTeamAccessRestrictions()",
  ],
  ["activity.getThreadSubscription", {}, "PUT /notifications", "client.activity.markNotificationsAsRead()"],
  ["projects.get", { project_id: 1 }, "GET /projects/1", "no longer lists"],
  [
    "repos.getArchiveLink",
    { owner: "o", repo: "r", archive_format: "tarball", ref: "main" },
    "GET /repos/o/r/tarball/main",
    "renamed to client.repos.downloadArchive()",
  ],
  ["reactions.deleteLegacy", { reaction_id: 5 }, "DELETE /reactions/5", "delete-a-reaction-legacy"],
];

/**
 * The catalogue suite, for any client class built with `catalogueMethods`.
 *
 * @example
 * describeCatalogueClient("AppClient", (options) => new AppClient(options));
 */
export function describeCatalogueClient(label: string, create: (options: ClientOptions) => object) {
  describe(`catalogue methods on ${label}`, () => {
    it("has every catalogue method, and endpoint() gives the table's method and URL", () => {
      const result = checkCatalogueMethods(create({ baseUrl: "https://api.github.com", log: quiet() }));
      expect(result.problems).to.deep.equal([]);
      expect(result.checked).to.equal(701);
      expect(result.changed).to.have.length(CATALOGUE_COUNTS.changed);
    });

    for (const [name, params, request, note] of samples) {
      const kind = table[name.split(".")[0]!]![name.split(".")[1]!]!.kind;
      it(`${name} (${kind}) sends ${request} and warns once per process`, async () => {
        const platform = await startPlatform();
        const warnings: string[] = [];
        try {
          for (const log of [quiet(warnings), quiet(warnings)]) {
            const client = create({ baseUrl: platform.url, log });
            const method = pick(client, name) as EndpointMethod;
            await method(params);
            await method(params);
          }
          expect(platform.sent()).to.deep.equal(Array(4).fill(request));
          expect(warnings).to.have.length(calledBefore.has(name) ? 0 : 1);
          if (warnings[0]) expect(warnings[0]).to.include(`client.${name}()`).and.include(note);
          calledBefore.add(name);
        } finally {
          await platform.close();
        }
      });
    }

    it("sends the old body mapping and the old preview header", async () => {
      const platform = await startPlatform();
      const client = create({ baseUrl: platform.url, log: quiet() });
      await (pick(client, samples[2]![0]) as EndpointMethod)(samples[2]![1]);
      await (pick(client, "projects.get") as EndpointMethod)({ project_id: 1 });
      await platform.close();
      expect(platform.calls[0]!.body).to.deep.equal(["core"]);
      expect(platform.calls[1]!.headers.accept).to.equal("application/vnd.github.inertia-preview+json");
    });

    const lists = [
      ["issues.listMilestonesForRepo", { owner: "o", repo: "r" }, "/repos/o/r/milestones"],
      ["projects.listCards", { column_id: 9 }, "/projects/columns/9/cards"],
    ] as const;
    for (const [name, params, path] of lists) {
      it(`paginates over ${name} across three pages`, async () => {
        const platform = await startPlatform({
          [path]: [[{ id: 1 }, { id: 2 }], [{ id: 3 }], [{ id: 4 }]],
        });
        const client = create({ baseUrl: platform.url, log: quiet() });
        const items = await (client as Client).paginate(pick(client, name) as EndpointMethod, params);
        await platform.close();
        expect(items).to.deep.equal([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
        expect(platform.sent()).to.deep.equal([`GET ${path}`, `GET ${path}?page=2`, `GET ${path}?page=3`]);
      });
    }
  });
}

const LocalClient = Octokit.plugin(legacyRestEndpointMethods, paginateRest, catalogueMethods);
describeCatalogueClient(
  "Octokit.plugin(legacyRestEndpointMethods, paginateRest, catalogueMethods)",
  (options) => new LocalClient(options),
);

describe("catalogueMethods", () => {
  it("has a table of exactly the catalogue's REST methods, the config plugin's aside", () => {
    const tabled = Object.entries(table).flatMap(([g, ms]) => Object.keys(ms).map((m) => `${g}.${m}`));
    expect([...tabled, ...CATALOGUE_EXCLUDED].sort()).to.deep.equal([...names].sort());
    expect(names).to.have.length(702);
    expect(Object.values(CATALOGUE_COUNTS).reduce((a: number, b: number) => a + b, 0)).to.equal(701);
    if (existsSync(SPEC_PATH)) expect(readFileSync(CATALOGUE_URL, "utf8")).to.equal(readFileSync(SPEC_PATH, "utf8"));
  });

  // A Worker evaluates at load every literal its bundle holds at the top: the table waits for the first client.
  it("builds its table when asked, as a new one each time, rather than as the module loads", () => {
    const first = catalogueRoutes();
    expect(first).to.not.equal(catalogueRoutes());
    expect(first).to.deep.equal(catalogueRoutes());
  });

  it("keeps today's methods and shares each group between the root and rest", () => {
    const client = new LocalClient();
    expect(client.issues).to.equal(client.rest.issues);
    expect(client.issues.setLabels).to.equal(client.rest.issues.setLabels);
    expect(client.rest.codespaces.listInOrganization).to.be.a("function");
    expect(Object.keys(client.issues)).to.include.members(["setLabels", "replaceAllLabels"]);
    expect("replaceAllLabels" in client.issues).to.equal(true);
    const stub = Object.assign(async () => ({}), {
      defaults: {},
      endpoint: {},
    });
    Object.assign(client.issues, { replaceAllLabels: stub });
    expect(client.rest.issues.replaceAllLabels).to.equal(stub);
  });

  it("types the added methods: aliases as their target (checked by tsc -p test)", () => {
    const typeChecks = async (client: InstanceType<typeof LocalClient>) => {
      const milestones = await client.paginate(client.issues.listMilestonesForRepo, { owner: "o", repo: "r" });
      const title: string | undefined = milestones[0]?.title;
      const cards: unknown[] = await client.paginate(client.rest.projects.listCards, { column_id: 1 });
      const url: string = client.projects.get.endpoint({ project_id: 1 }).url;
      // @ts-expect-error an alias takes its target's parameters (issues.setLabels)
      await client.issues.replaceAllLabels({ owner: 1 });
      // @ts-expect-error names outside the catalogue and today's plugin do not exist
      void client.issues.noSuchMethod;
      return [title, cards, url];
    };
    expect(typeChecks).to.be.a("function");
  });

  it("carries VERSION and fails early without the endpoint methods", () => {
    expect(catalogueMethods.VERSION).to.equal(VERSION);
    expect(() => new (Octokit.plugin(catalogueMethods))()).to.throw(/after them/);
  });
});

// The same suite against the framework's own client (throttling off so the
// write requests of the samples are not spaced a second apart).
describeCatalogueClient("AppClient", (options) => new AppClient({ ...options, throttle: { enabled: false } }));

// The architecture, as rules. Read LAYERS first: each layer may import the
// layers listed after it, never those before it. docs/architecture.md draws
// the same picture; `npm run lint` (part of `npm test`) enforces it.
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

/**
 * The layers, top to bottom. Paths are globs from the repository root.
 * - cli: the oclif commands and what only they use (flags, help, exit codes).
 * - hosts: what runs apps for a command: `run`, `receive`, setup, doctor,
 *   redelivery, scaffolding, migration, the default app, the test helpers.
 * - features: the optional parts, loaded only when configured.
 * - core: the App, its deliveries, webhooks, client, config, logging and options.
 */
export const LAYERS = {
  cli: ["commands/**", "bin/**", "src/cli/**"],
  hosts: [
    "src/{index,types/index,create-app}.ts",
    "src/{run,receive,apps,setup-manifest,setup-wizard,env-file,doctor,redeliver,scaffold,migrate,views,testing,actions}/**",
  ],
  features: ["src/server/**", "src/redis/**", "src/queue/**", "src/proxy/**", "src/telemetry/**"],
  core: [
    "src/{app,app-plugin,app-function-argument,load-app-functions,application-function,app-sharing,state,create-state,context,event-context,replaced-auth}.ts",
    "src/resolve-options.ts",
    "src/{check-event-subscriptions,errors,deprecations,app-meta,version}.ts",
    "src/{delivery,webhooks,client,config,log,options,private-key,helpers,routes}/**",
    "src/types/*.d.ts",
  ],
};

/** Where `process.env` may be read: settings are read in one place, then passed down. */
const READS_PROCESS_ENV = ["src/options/**", ...LAYERS.cli];

/** Each feature's folder: features attach to the App as plugins, and do not import each other. */
const FEATURES = {
  server: "src/server",
  redis: "src/redis",
  queue: "src/queue",
  proxy: "src/proxy",
  telemetry: "src/telemetry",
};

/**
 * The imports between features that are left, by importing feature: each
 * names the file it may import. Everything else between features is refused.
 * - server → proxy: `createServer({ webhookProxy })` relays through the proxy
 *   (loaded with `import()` only when the option is set).
 * - queue → Redis: `app deliveries` (no App) opens a Redis connection of its
 *   own, and the queue is named by the sharing's scope of app id and platform.
 *   An App's queue runs on its sharing through the core's `AppSharing`
 *   (`connection`, `storeMarks`), not through Redis modules.
 */
const FEATURE_IMPORTS_LEFT = {
  server: ["src/proxy/create-webhook-proxy.ts"],
  queue: ["src/redis/redis-connection.ts", "src/redis/sharing-scope.ts"],
};

function featureZones() {
  return Object.entries(FEATURES).map(([name, folder]) => ({
    target: `${folder}/**`,
    from: Object.values(FEATURES)
      .filter((other) => other !== folder)
      .map((other) => `${other}/**`),
    // A glob zone's exceptions are globs matched against absolute paths.
    except: (FEATURE_IMPORTS_LEFT[name] ?? []).map(
      (file) => `${import.meta.dirname}/${file.replace(/\.ts$/, ".{ts,js}")}`,
    ),
    message: `A feature never imports another (${name} here): it attaches to the App as a plugin and uses the core's interfaces.`,
  }));
}

/**
 * Imports the layering forbids, as `import-x/no-restricted-paths` zones. The
 * library is every layer but cli.
 */
const zones = [
  {
    target: [...LAYERS.hosts, ...LAYERS.features, ...LAYERS.core],
    from: LAYERS.cli,
    message: "The library never imports the CLI (commands/, src/cli/): the CLI calls the library.",
  },
  {
    target: [...LAYERS.features, ...LAYERS.core],
    from: LAYERS.hosts,
    message: "Features and the core never import a host (run, receive, setup, ...): hosts assemble them.",
  },
  {
    target: LAYERS.core,
    from: LAYERS.features,
    message:
      "The core never imports a feature (server, Redis, queue, proxy, telemetry): they come in through interfaces.",
  },
  ...featureZones(),
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "templates/**",
      "bench/**",
      "test/**",
      "scripts/**",
      "docs/**",
      "coverage/**",
      // Written by packages/create-gh-app-kit/build.mjs while npm pack runs.
      "packages/*/dist/**",
      "packages/*/templates/**",
    ],
  },
  {
    files: ["**/*.ts", "**/*.js", "**/*.mjs"],
    languageOptions: { parser: tseslint.parser, sourceType: "module" },
    // Only the layer rules are on for now; the code already carries a few
    // directives for recommended rules (no-explicit-any, no-control-regex),
    // which are not reported as unused until those sets are turned on.
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { "@typescript-eslint": tseslint.plugin, "import-x": importX },
    settings: {
      // no-cycle follows imports through files it parses itself.
      "import-x/extensions": [".ts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [
        // Sources import `./x.js` that is `./x.ts` on disk (NodeNext).
        createNodeResolver({ extensions: [".ts", ".js", ".mjs", ".json"], extensionAlias: { ".js": [".ts", ".js"] } }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }],
      // Cycles through value imports; scripts/check-import-cycles.mjs also counts type-only ones.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-imports": "off",
    },
  },
  {
    files: [...LAYERS.hosts, ...LAYERS.features, ...LAYERS.core],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@oclif/*"], message: "The library never imports oclif: only commands/ and src/cli/ do." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**"],
    ignores: READS_PROCESS_ENV,
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through src/options/ (an `env` option, or processEnv() for its default).",
        },
      ],
    },
  },
);

/**
 * npm `overrides` as the framework carries them for a new or migrated app: a package's spec, or, under a
 * parent's name, specs for that parent's dependencies only (`{ "pino-pretty": { "strip-json-comments": "~5.0.3" } }`),
 * so that other packages keep the releases they need.
 */
export type PackageOverrides = Record<string, string | Record<string, string>>;

/** The entries of a package.json's `overrides` in that shape; anything else (npm's `$` references, `.`) left out. */
export function readPackageOverrides(value: unknown): PackageOverrides {
  if (!isRecord(value)) return {};
  const overrides: PackageOverrides = {};
  for (const [name, spec] of Object.entries(value)) {
    if (typeof spec === "string" && !spec.startsWith("$")) overrides[name] = spec;
    else if (isRecord(spec)) {
      const nested = Object.entries(spec).filter(
        (entry): entry is [string, string] =>
          entry[0] !== "." && typeof entry[1] === "string" && !entry[1].startsWith("$"),
      );
      if (nested.length > 0) overrides[name] = Object.fromEntries(nested);
    }
  }
  return overrides;
}

/**
 * The same pins as yarn's `resolutions`: `"parent/dependency": spec`, which yarn 2 and later apply wherever the
 * parent is; yarn 1 applies that form only to a parent the app declares itself, and needs `"**\/parent/dependency"`.
 */
export function toYarnResolutions(overrides: PackageOverrides, yarn: "classic" | "berry"): Record<string, string> {
  const under = yarn === "classic" ? "**/" : "";
  return flattenPins(overrides, (name, dependency) => `${under}${name}/${dependency}`);
}

/** The same pins as pnpm's `overrides`: `"parent>dependency": spec`. */
export function toPnpmOverrides(overrides: PackageOverrides): Record<string, string> {
  return flattenPins(overrides, (name, dependency) => `${name}>${dependency}`);
}

function flattenPins(
  overrides: PackageOverrides,
  key: (parent: string, dependency: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(overrides).flatMap(([name, spec]) =>
      typeof spec === "string"
        ? [[name, spec]]
        : Object.entries(spec).map(([dependency, nested]) => [key(name, dependency), nested]),
    ),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

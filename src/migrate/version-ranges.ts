import semver from "semver";

/**
 * Version questions of app migrate (which Probot, pino or TypeScript an app declares) count a prerelease as the
 * release line it leads to: `"probot": "14.0.0-beta.11"` is a Probot 14. semver's ranges leave prereleases out by
 * default, and so such a range met no `>=10.0.0` and read as older than every Probot.
 */
const PRERELEASES = { includePrerelease: true } as const;

/** Whether the (valid) `range` admits a version of `version` or later, prereleases of `version` included. */
export function admitsFrom(range: string, version: string): boolean {
  return semver.intersects(range, `>=${version}-0`, PRERELEASES);
}

/** Whether the two (valid) ranges share a version, prereleases included. */
export function rangesMeet(range: string, other: string): boolean {
  return semver.intersects(range, other, PRERELEASES);
}

/** Whether `version` comes before `release` and its prereleases (13.0.0-beta.1 is not before 13.0.0). */
export function versionBefore(version: string, release: string): boolean {
  return semver.lt(version, `${release}-0`);
}

/** The major of the lowest version `range` admits, if it is valid. */
export function lowestMajor(range: string): number | undefined {
  return semver.validRange(range) === null ? undefined : semver.minVersion(range)?.major;
}

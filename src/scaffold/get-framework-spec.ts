import { VERSION } from "../version.js";
import { findFrameworkRoot } from "./find-framework-root.js";

/** The version of a build that was never released. */
export const DEVELOPMENT_VERSION = "0.0.0-development";

/**
 * The dependency spec a new app gets for the framework: `^<version>` for a
 * release; for an unreleased build, this very folder (`file:/abs/path`), as
 * the registry has no such version.
 */
export function getFrameworkSpec({ version = VERSION, root }: { version?: string; root?: string } = {}): string {
  return version === DEVELOPMENT_VERSION ? `file:${root ?? findFrameworkRoot()}` : `^${version}`;
}

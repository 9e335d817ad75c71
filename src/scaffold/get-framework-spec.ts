import { VERSION } from "../version.js";
import { findFrameworkRoot } from "./find-framework-root.js";

export const DEVELOPMENT_VERSION = "0.0.0-development";

/** An unreleased build gives `file:` this folder: the registry has no such version. */
export function getFrameworkSpec({ version = VERSION, root }: { version?: string; root?: string } = {}): string {
  return version === DEVELOPMENT_VERSION ? `file:${root ?? findFrameworkRoot()}` : `^${version}`;
}

import { BASE_KEY, DEFAULT_BASE } from "./constants.js";
import type { ConfigCache } from "./config-cache.js";
import { describeFile, type FileLocation } from "./describe-file.js";
import { getConfigFile, type ConfigClient } from "./get-config-file.js";
import { extendsError, parseBase } from "./parse-base.js";
import type { ConfigFile, Configuration } from "./types.js";

export const MAX_BASES = 10;

type Found = FileLocation & { config: Configuration; url?: string | undefined };

/**
 * A missing file falls back to the owner's `.github` repository; then each
 * `_extends` base in turn, until one that is not there.
 */
export async function getConfigFiles(
  client: ConfigClient,
  { owner, repo, path, branch }: { owner: string; repo: string; path: string; branch?: string | undefined },
  cache?: ConfigCache,
): Promise<ConfigFile[]> {
  const requested = await getConfigFile(client, { owner, repo, path, ref: branch }, cache);
  const files = [requested];
  let current: Found;
  if (requested.config !== null) {
    current = { owner, repo, path, ref: branch, config: requested.config, url: requested.url };
  } else {
    if (repo.toLowerCase() === DEFAULT_BASE) return files;
    const shared = await getConfigFile(client, { owner, repo: DEFAULT_BASE, path }, cache);
    files.push(shared);
    if (shared.config === null) return files;
    current = { owner, repo: DEFAULT_BASE, path, config: shared.config, url: shared.url };
  }
  const chain = [current as FileLocation];
  while (Object.hasOwn(current.config, BASE_KEY)) {
    const value = current.config[BASE_KEY];
    delete current.config[BASE_KEY];
    const base = nextBase(value, current, chain);
    const file = await getConfigFile(client, base, cache);
    files.push(file);
    // As Probot's: a base that is not there, or that the installation cannot read, ends the chain.
    if (file.config === null) break;
    chain.push(base);
    current = { ...base, config: file.config, url: file.url };
  }
  return files;
}

function nextBase(value: unknown, from: Found, chain: FileLocation[]): FileLocation {
  const base = parseBase(value, from, from.url);
  const loop = chain.findIndex((file) => sameFile(file, base));
  if (loop !== -1) {
    throw extendsError(
      `The ${BASE_KEY} chain of ${describeFile(chain[0]!)} goes round in a circle: ${[...chain.slice(loop), base].map(describeFile).join(" -> ")}.`,
      `Remove ${BASE_KEY} from one of these files so that the chain ends.`,
    );
  }
  if (chain.length > MAX_BASES) {
    throw extendsError(
      `The ${BASE_KEY} chain of ${describeFile(chain[0]!)} has more than ${MAX_BASES} bases (it reached ${describeFile(from)}).`,
      `Extend fewer files in a row: at most ${MAX_BASES}.`,
    );
  }
  return base;
}

function sameFile(a: FileLocation, b: FileLocation): boolean {
  return (
    a.owner.toLowerCase() === b.owner.toLowerCase() &&
    a.repo.toLowerCase() === b.repo.toLowerCase() &&
    a.path === b.path &&
    (a.ref ?? "") === (b.ref ?? "")
  );
}

import type { ConfigCache } from "./config-cache.js";

type Commit = { added?: unknown; modified?: unknown; removed?: unknown };
type PushPayload = {
  repository?: { name?: unknown; owner?: { login?: unknown; name?: unknown } };
  commits?: unknown;
  created?: unknown;
  deleted?: unknown;
  forced?: unknown;
};

/** A push payload lists at most this many commits; a longer push may touch files it does not list. */
export const PUSH_COMMIT_LIMIT = 2048;

/** When the payload cannot tell which files changed (forced push, commit list at its limit), the whole repository goes. */
export function dropPushedConfig(cache: ConfigCache, payload: unknown): number {
  const { repository, commits, created, deleted, forced } = (payload ?? {}) as PushPayload;
  const owner = repository?.owner?.login ?? repository?.owner?.name;
  const repo = repository?.name;
  if (typeof owner !== "string" || typeof repo !== "string") return 0;
  const paths = touchedPaths(commits);
  if (paths === undefined || created === true || deleted === true || forced === true) {
    return cache.drop(owner, repo);
  }
  let dropped = 0;
  for (const path of paths) dropped += cache.drop(owner, repo, path);
  return dropped;
}

function touchedPaths(commits: unknown): Set<string> | undefined {
  if (!Array.isArray(commits) || commits.length >= PUSH_COMMIT_LIMIT) return undefined;
  const paths = new Set<string>();
  for (const commit of commits as Commit[]) {
    for (const list of [commit?.added, commit?.modified, commit?.removed]) {
      if (!Array.isArray(list)) return undefined;
      for (const path of list) if (typeof path === "string") paths.add(path);
    }
  }
  return paths;
}

import { LRUCache } from "lru-cache";

export type CachedFile = { etag: string; text: string };

/** Which file, in which repository, at which ref (`undefined`: the default branch). */
export type CacheKey = { owner: string; repo: string; path: string; ref?: string | undefined };

export type ConfigCacheOptions = {
  /** Most files kept, default 1000. */
  max?: number | undefined;
  /** Most characters kept over all files, default 8 million. */
  maxSize?: number | undefined;
};

/**
 * Config files by repository, path and ref, with their ETags, so a read
 * that finds the file unchanged is a conditional request answered 304,
 * which costs no rate limit. An app keeps one, shared by all its clients.
 *
 * @example
 * const cache = createConfigCache({ max: 100 });
 * const client = new AppClient({ config: { cache } });
 */
export class ConfigCache {
  readonly #files: LRUCache<string, CachedFile>;

  constructor({ max = 1000, maxSize = 8_000_000 }: ConfigCacheOptions = {}) {
    this.#files = new LRUCache<string, CachedFile>({
      max,
      maxSize,
      sizeCalculation: (file) => Math.max(1, file.text.length + file.etag.length),
    });
  }

  get size(): number {
    return this.#files.size;
  }

  get(key: CacheKey): CachedFile | undefined {
    return this.#files.get(cacheKey(key));
  }

  set(key: CacheKey, file: CachedFile): void {
    this.#files.set(cacheKey(key), file);
  }

  delete(key: CacheKey): void {
    this.#files.delete(cacheKey(key));
  }

  /** Drops the file at every ref; `path` undefined drops the whole repository. Returns how many. */
  drop(owner: string, repo: string, path?: string): number {
    const prefix = `${repoKey(owner, repo)}\0${path === undefined ? "" : `${path}\0`}`;
    const doomed = [...this.#files.keys()].filter((key) => key.startsWith(prefix));
    for (const key of doomed) this.#files.delete(key);
    return doomed.length;
  }
}

/**
 * A new, empty `ConfigCache`.
 *
 * @example
 * const cache = createConfigCache();
 */
export function createConfigCache(options?: ConfigCacheOptions): ConfigCache {
  return new ConfigCache(options);
}

// Owner and repository names are case-insensitive on the platform; paths and refs are not.
// NUL separates the parts: no name, path or ref can contain it.
function repoKey(owner: string, repo: string): string {
  return `${owner}/${repo}`.toLowerCase();
}

function cacheKey({ owner, repo, path, ref }: CacheKey): string {
  return `${repoKey(owner, repo)}\0${path}\0${ref ?? ""}`;
}

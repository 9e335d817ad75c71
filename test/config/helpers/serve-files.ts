import { createHash } from "node:crypto";
import type { FakePlatform, FakeResponse, PlatformCall } from "../../helpers/fake-platform.js";

/** The branch a read without `ref` gets. */
export const DEFAULT_BRANCH = "main";

/** `"owner/repo:path"`, or `"owner/repo:path@ref"` for a branch other than `main`. */
export type FileAddress = string;

export type FileStore = {
  /** Puts a file with this text (replacing it: a new sha and a new ETag). */
  set(address: FileAddress, text: string): void;
  /** Answers reads of this address with `body` as it is (a submodule, a huge file, ...). */
  setRaw(address: FileAddress, body: unknown): void;
  /** Answers reads of this address with `status` (e.g. 502, as a platform having a bad moment). */
  fail(address: FileAddress, status: number): void;
  delete(address: FileAddress): void;
  clear(): void;
  /** Every request to the contents route so far, in order. */
  reads(): PlatformCall[];
  /** The status of each answer this store gave, in order (cleared by `clear()`). */
  statuses(): number[];
};

type Key = { repo: string; path: string; ref: string };

/**
 * Serves repository files from memory on the fake platform's
 * `GET /repos/:owner/:repo/contents/:path+`, as GitHub does: base64 content
 * and a sha, an ETag (a matching `If-None-Match` gets 304 and no body), the
 * `ref` query, a directory as a list, 404 for anything else. Owner and repo
 * names match case-insensitively; the route needs a token like GitHub's.
 *
 * @example
 * const files = serveFiles(platform);
 * files.set("octo/hello:.github/app.yml", "greeting: hi");
 */
export function serveFiles(platform: FakePlatform): FileStore {
  const texts = new Map<string, string>();
  const raws = new Map<string, unknown>();
  const failures = new Map<string, number>();
  const statuses: number[] = [];
  platform.on("GET", "/repos/:owner/:repo/contents/:path+", (request) => {
    const response = answer(request);
    statuses.push(response.status);
    return response;
  });
  function answer({ params, query, headers }: PlatformCall & { params: Record<string, string> }): FakeResponse {
    const key = {
      repo: `${params["owner"]}/${params["repo"]}`.toLowerCase(),
      path: params["path"] ?? "",
      ref: query.get("ref") ?? DEFAULT_BRANCH,
    };
    const id = storeKey(key);
    const failure = failures.get(id);
    if (failure !== undefined) return { status: failure, body: { message: "Server Error" } };
    if (raws.has(id)) return { status: 200, body: raws.get(id) };
    const text = texts.get(id);
    if (text !== undefined) return fileResponse(key, text, headers["if-none-match"]);
    const entries = listDirectory(texts, key);
    return entries.length > 0
      ? { status: 200, body: entries }
      : { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } };
  }
  return {
    set: (address, text) => void texts.set(storeKey(parseAddress(address)), text),
    setRaw: (address, body) => void raws.set(storeKey(parseAddress(address)), body),
    fail: (address, status) => void failures.set(storeKey(parseAddress(address)), status),
    delete(address) {
      texts.delete(storeKey(parseAddress(address)));
      raws.delete(storeKey(parseAddress(address)));
    },
    clear() {
      texts.clear();
      raws.clear();
      failures.clear();
      statuses.length = 0;
    },
    statuses: () => [...statuses],
    reads: () => platform.callsTo("GET", "/repos/:owner/:repo/contents/:path+"),
  };
}

function fileResponse({ path, ref }: Key, text: string, ifNoneMatch: string | undefined): FakeResponse {
  const content = Buffer.from(text, "utf8");
  const sha = createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
  const etag = `W/"${createHash("sha256").update(`${sha}@${ref}`).digest("hex")}"`;
  if (ifNoneMatch === etag) return { status: 304, headers: { etag } };
  const name = path.split("/").at(-1)!;
  // GitHub wraps base64 at 60 characters.
  const encoded = content.toString("base64").replace(/.{60}/g, "$&\n");
  return {
    status: 200,
    headers: { etag },
    body: { type: "file", encoding: "base64", size: content.length, name, path, sha, content: encoded },
  };
}

function listDirectory(
  texts: Map<string, string>,
  { repo, path, ref }: Key,
): Array<{ type: string; name: string; path: string }> {
  const prefix = storeKey({ repo, path: `${path}/`, ref: "" }).slice(0, -1);
  const names = new Map<string, string>();
  for (const id of texts.keys()) {
    const [idPrefix, idRef] = [id.slice(0, id.lastIndexOf("@")), id.slice(id.lastIndexOf("@") + 1)];
    if (idRef !== ref || !idPrefix.startsWith(prefix)) continue;
    const rest = idPrefix.slice(prefix.length);
    const name = rest.split("/")[0]!;
    names.set(name, rest.includes("/") ? "dir" : "file");
  }
  return [...names].map(([name, type]) => ({ type, name, path: `${path}/${name}` }));
}

function parseAddress(address: FileAddress): Key {
  const match = /^([^/]+\/[^:]+):([^@]+)(?:@(.+))?$/.exec(address);
  if (match === null) throw new Error(`Bad file address ${address}: use "owner/repo:path[@ref]"`);
  return { repo: match[1]!.toLowerCase(), path: match[2]!, ref: match[3] ?? DEFAULT_BRANCH };
}

function storeKey({ repo, path, ref }: Key): string {
  return `${repo}:${path}@${ref}`;
}

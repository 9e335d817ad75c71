import type { Octokit } from "@octokit/core";
import type { ConfigCache } from "./config-cache.js";
import { AppError } from "../errors.js";
import { describeFile, type FileLocation } from "./describe-file.js";
import { invalid, parseConfig } from "./parse-config.js";
import type { ConfigFile } from "./types.js";

export type ConfigClient = Pick<Octokit, "request">;

const ROUTE = "GET /repos/{owner}/{repo}/contents/{path}";

type Contents = { type?: string; encoding?: string; content?: string };

/** `If-None-Match` with a cache: a 304 costs no rate limit. */
export async function getConfigFile(
  client: ConfigClient,
  location: FileLocation,
  cache?: ConfigCache,
): Promise<ConfigFile> {
  const { owner, repo, path, ref } = location;
  const parameters = { owner, repo, path, ...(ref ? { ref } : {}) };
  // As Probot reads config: the raw media type, so the answer is the file's text.
  const raw = { mediaType: { format: "raw" } };
  const url = client.request.endpoint(ROUTE, { ...parameters, ...raw }).url;
  const cached = cache?.get(location);
  let text: string;
  try {
    const response = await client.request(ROUTE, {
      ...parameters,
      ...raw,
      headers: cached ? { "if-none-match": cached.etag } : {},
    });
    text = readText(response.data, location);
    const etag = response.headers.etag;
    if (cache && etag) cache.set(location, { etag, text });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 304 && cached) {
      text = cached.text;
    } else if (status === 404) {
      cache?.delete(location);
      return { owner, repo, path, url, config: null };
    } else if (typeof status === "number" && status >= 500) {
      // The client's retries are spent: say which file (a base, perhaps) the platform failed to give.
      throw new AppError(
        "CONFIG_UNREADABLE",
        `The config file ${describeFile(location)} could not be read: the platform answered ${status}.`,
        {
          hint: "The platform is having trouble; the delivery can be redelivered once it answers again.",
          status: 502,
          cause: error,
        },
      );
    } else {
      throw error;
    }
  }
  return { owner, repo, path, url, config: await parseConfig(text, location, url) };
}

/** Media types and test mocks give a string, bytes, a base64 contents object, or parsed JSON. */
function readText(data: unknown, location: FileLocation): string {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (Array.isArray(data)) throw invalid(location, "is a directory, not a file");
  if (data === null || typeof data !== "object") throw invalid(location, `is a ${typeof data}, not a file`);
  const contents = data as Contents;
  if (contents.type === "dir" || contents.type === "submodule" || contents.type === "symlink") {
    throw invalid(location, `is a ${contents.type}, not a file`);
  }
  if (contents.type === "file") {
    if (contents.encoding !== "base64" || typeof contents.content !== "string") {
      throw invalid(location, "is too large to be read as config (over 1 MB)");
    }
    return Buffer.from(contents.content, "base64").toString("utf8");
  }
  // A JSON answer that is not a contents object: the document itself (JSON is YAML too). Also
  // `{ content: <base64> }` without `type`, as Probot 6 to 9's suites answer (Probot 9 decoded
  // `content` itself): Probot 10 to 14 read no file from it either, and suites written for them
  // pass on that (app migrate reports such answers in a Probot 9 app's suite).
  return JSON.stringify(data);
}

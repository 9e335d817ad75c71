import { AppError } from "../errors.js";
import type { ConfigClient } from "./get-config-file.js";
import { getConfig } from "./get-config.js";
import type { GetConfigOptions, GetConfigResult } from "./types.js";

type Answer = { data: unknown; headers?: Record<string, string | undefined> };
type ReadFile = (route: string, parameters: Record<string, unknown>) => Promise<Answer>;
type Double = {
  request?: ReadFile & { endpoint?: unknown };
  repos?: { getContents?: unknown; getContent?: unknown };
};

/**
 * The `config` of a client without the config plugin: a test's double of the client of Probot 9
 * (`repos.getContents`, @octokit/rest 16) or Probot 10.0 to 10.8 (`request()` on the contents
 * route), which read config files with those methods. The file, the owner's `.github` repository
 * and `_extends` bases are read through whichever the double has, as with a real client.
 */
export function configOfDouble(client: object): {
  get<T extends object>(options: GetConfigOptions<T>): Promise<GetConfigResult<T>>;
} {
  const readFile = fileReader(client as Double);
  const request = Object.assign(
    async (route: string, parameters: Record<string, unknown>) => {
      const answer = await readFile(route, parameters);
      return { headers: {}, ...answer, data: decoded(answer?.data) };
    },
    {
      endpoint: (_route: string, { owner, repo, path }: Record<string, string>) => ({
        url: contentsUrl(owner, repo, path),
      }),
    },
  );
  const reader = { request } as unknown as ConfigClient;
  return { get: (options) => getConfig(reader, options) };
}

function fileReader(client: Double): ReadFile {
  const repos = client.repos;
  // The file's fields only: what Probot 9 and 10 passed (no media type, no cache headers).
  const fields = ({ owner, repo, path, ref }: Record<string, unknown>) => ({
    owner,
    repo,
    path,
    ...(ref ? { ref } : {}),
  });
  for (const name of ["getContents", "getContent"] as const) {
    const method = repos?.[name];
    if (typeof method === "function") return (_route, parameters) => method.call(repos, fields(parameters));
  }
  const request = client.request;
  if (typeof request === "function") return (route, parameters) => request.call(client, route, fields(parameters));
  throw new AppError(
    "CONFIG_UNREADABLE",
    "context.config() cannot read a config file with this event's client: it has no config.get(), repos.getContent() or request().",
    {
      hint: "Give the test's client double a repos.getContent(params) that resolves { data: { content: <base64 of the file> } } or rejects with { status: 404 }, or answer the contents requests with nock.",
    },
  );
}

/** Probot 9 and 10 decoded the base64 `content` of the answer, with or without its `type`. */
function decoded(data: unknown): unknown {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data;
  const { type, content } = data as { type?: unknown; content?: unknown };
  return type === undefined && typeof content === "string" ? Buffer.from(content, "base64").toString("utf8") : data;
}

function contentsUrl(owner: string, repo: string, path: string): string {
  const segments = String(path).split("/").map(encodeURIComponent).join("/");
  return `https://api.github.com/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${segments}`;
}

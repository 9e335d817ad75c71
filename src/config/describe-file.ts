/** Where a config file lives, as `owner/repo:path` (plus `@ref` when one was asked for). */
export type FileLocation = { owner: string; repo: string; path: string; ref?: string | undefined };

/** The way `_extends` names it, so an error message points at it. */
export function describeFile({ owner, repo, path, ref }: FileLocation): string {
  return `${owner}/${repo}:${path}${ref ? `@${ref}` : ""}`;
}

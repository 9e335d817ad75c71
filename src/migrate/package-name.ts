/** The package a module specifier names: `@scope/name/deep/path` → `@scope/name`; `name/path` → `name`. */
export function packageOf(specifier: string): string {
  return specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
}

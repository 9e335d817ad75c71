import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Whether the app's TypeScript compiles to CommonJS: its package.json does not say `"type": "module"`
 * and its tsconfig.json's `module` is `commonjs`. Its `.ts` files' imports are then `require()`
 * calls once compiled, so a name gh-app-kit lacks is undefined where it is used, and the file
 * still loads. Unknown (no tsconfig.json, one that extends another, or one that does not parse): false.
 */
export async function compilesToCommonJs(directory: string, manifest: string): Promise<boolean> {
  const pkg = parseJsonWithComments(manifest) as { type?: unknown } | undefined;
  if (pkg === undefined || pkg === null || pkg.type === "module") return false;
  let text: string;
  try {
    text = await readFile(join(directory, "tsconfig.json"), "utf8");
  } catch {
    return false;
  }
  const config = parseJsonWithComments(text) as { compilerOptions?: { module?: unknown } } | undefined;
  const module = config?.compilerOptions?.module;
  return typeof module === "string" && module.toLowerCase() === "commonjs";
}

/** JSON with comments and trailing commas, as tsconfig.json is written; undefined where it does not parse. */
export function parseJsonWithComments(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += char;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1")) as unknown;
  } catch {
    return undefined;
  }
}

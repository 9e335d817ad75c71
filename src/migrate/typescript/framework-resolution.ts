import { join, parse, sep } from "node:path";
import type * as TS from "typescript";
import { FRAMEWORK_MODULE } from "../probot-names.js";
import type { TypeScriptApi } from "./load-typescript.js";
import { packageOf } from "../package-name.js";

/**
 * Resolves the app's modules as its compiler would, except `gh-app-kit` and its subpaths: the app
 * has not installed it yet, so they resolve to the running package, the way TypeScript would
 * from a node_modules holding it (its `exports`, `types@<5.0` conditions and `typesVersions`
 * included). That node_modules is a folder that does not exist, shown to TypeScript over the
 * package's real folder; the files it finds there are given by their real paths.
 *
 * A package an app's file imports without declaring it came with probot: after the install it is the copy
 * gh-app-kit's own dependencies bring, of another major perhaps (`@octokit/webhooks` 14, not probot 13's 12), so
 * where `takesFrameworkCopy` says so (undeclared-packages.ts) it resolves from there.
 */
export function frameworkResolution(
  ts: TypeScriptApi,
  options: TS.CompilerOptions,
  frameworkRoot: string,
  takesFrameworkCopy: (pkg: string, containingFile: string) => boolean = () => false,
) {
  const virtual = join(parse(frameworkRoot).root, "__gh-app-kit-migrate__");
  const installed = join(virtual, "node_modules", FRAMEWORK_MODULE);
  const toReal = (path: string): string | undefined => {
    const native = path.split("/").join(sep);
    if (native === installed || native.startsWith(installed + sep))
      return frameworkRoot + native.slice(installed.length);
    return native === virtual || native.startsWith(virtual + sep) ? undefined : path;
  };
  const host: TS.ModuleResolutionHost = {
    fileExists: (path) => {
      const real = toReal(path);
      return real !== undefined && ts.sys.fileExists(real);
    },
    readFile: (path) => {
      const real = toReal(path);
      return real === undefined ? undefined : ts.sys.readFile(real);
    },
    directoryExists: (path) => {
      const native = path.split("/").join(sep);
      if (virtual.startsWith(native + sep) || installed.startsWith(native + sep) || native === virtual) return true;
      const real = toReal(path);
      return real !== undefined && (ts.sys.directoryExists?.(real) ?? true);
    },
    realpath: (path) => {
      const real = toReal(path);
      return real === undefined ? path : (ts.sys.realpath?.(real) ?? real);
    },
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  };
  const cache = ts.createModuleResolutionCache(ts.sys.getCurrentDirectory(), (name) => name, options);
  const isFramework = (name: string) => name === FRAMEWORK_MODULE || name.startsWith(`${FRAMEWORK_MODULE}/`);
  const fromFramework = join(frameworkRoot, "__app-migrate__.ts");
  const frameworkCache = ts.createModuleResolutionCache(frameworkRoot, (name) => name, options);
  /** What the app's file will get after the install, for a package it does not declare; `false`: resolve as today. */
  const afterInstall = (name: string, containingFile: string, compilerOptions: TS.CompilerOptions, mode: unknown) =>
    takesFrameworkCopy(packageOf(name), containingFile) &&
    ts.resolveModuleName(
      name,
      fromFramework,
      compilerOptions,
      ts.sys,
      frameworkCache,
      undefined,
      mode as TS.ResolutionMode,
    ).resolvedModule;
  return function resolveModuleNames(
    names: string[],
    containingFile: string,
    _reused: string[] | undefined,
    redirected: TS.ResolvedProjectReference | undefined,
    compilerOptions: TS.CompilerOptions,
    containingSourceFile?: TS.SourceFile,
  ): Array<TS.ResolvedModule | undefined> {
    return names.map((name, index) => {
      const mode = containingSourceFile ? modeAt(ts, containingSourceFile, index, compilerOptions) : undefined;
      if (!isFramework(name)) {
        const copy = /^[./]|^node:/.test(name) ? false : afterInstall(name, containingFile, compilerOptions, mode);
        if (copy !== false) return copy;
        return ts.resolveModuleName(name, containingFile, compilerOptions, ts.sys, cache, redirected, mode)
          .resolvedModule;
      }
      const from = join(virtual, containingFile.endsWith("x") ? "index.tsx" : "index.ts");
      const found = ts.resolveModuleName(name, from, compilerOptions, host, undefined, undefined, mode).resolvedModule;
      if (!found) return undefined;
      const real = toReal(found.resolvedFileName) ?? found.resolvedFileName;
      return { ...found, resolvedFileName: real.split(sep).join("/"), isExternalLibraryImport: true };
    });
  };
}

/** Whether the import at `index` is an `import` or a `require` (TypeScript 4.7 and later: node16, nodenext). */
function modeAt(ts: TypeScriptApi, file: TS.SourceFile, index: number, options: TS.CompilerOptions) {
  const at = (ts as unknown as Record<string, unknown>).getModeForResolutionAtIndex as
    ((file: TS.SourceFile, index: number, options: TS.CompilerOptions) => TS.ResolutionMode) | undefined;
  try {
    return at?.(file, index, options);
  } catch {
    return undefined;
  }
}

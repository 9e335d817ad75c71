import { EXPORT_RENAMES, FRAMEWORK_EXPORTS, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import { takesOnly } from "./module-calls.js";
import { lineOf, setString, type AnyNode, type Path, type SourceEdits, type SourceWork } from "./source-types.js";

/** Probot's CommonJS module imported as a default; gh-app-kit has no default export, so the namespace stands for it. */
export function namespaceForDefault(declaration: AnyNode, specifier: AnyNode, log: SourceWork): void {
  const local = specifier.local.name as string;
  if (declaration.specifiers.length === 1) {
    log.edits.replace(specifier, `* as ${local}`);
    log.changes.push({
      line: lineOf(specifier),
      text: `import ${local} → import * as ${local} (no default export here)`,
    });
    return;
  }
  log.problems.push({
    line: lineOf(specifier),
    message: `imports the default export of "${PROBOT_MODULE}" as ${local}, which gh-app-kit does not have`,
    hint: `Import the module as a namespace in a declaration of its own: import * as ${local} from "${FRAMEWORK_MODULE}".`,
  });
}

/**
 * `import { Context } from "probot/lib/context"`, `const { GitHubAPI } = require("probot/lib/github")`:
 * fine from the root when every name taken exists there.
 */
export function rewriteDeepImport(path: Path, literal: AnyNode, name: string, edits: SourceEdits): boolean {
  const node = path.node as AnyNode;
  if (node.type === "ImportDeclaration" && node.specifiers.length === 0) return false;
  const allPublic = takesOnly(path, literal, (taken) => FRAMEWORK_EXPORTS.has(renamedExport(taken)));
  if (!allPublic || !name.startsWith(`${PROBOT_MODULE}/lib/`)) return false;
  setString(literal, FRAMEWORK_MODULE, edits);
  return true;
}

export function renamedExport(name: string): string {
  return EXPORT_RENAMES[name] ?? name;
}

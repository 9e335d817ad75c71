import { visit } from "recast";
import { keyName, lineOf, type AnyNode, type SourceLog } from "./source-types.js";

const OCTOKIT_REST = "@octokit/rest";
/** @octokit/rest 16's generated names (`PullsGetResponse`, `IssuesCreateParams`); version 17 removed them. */
const GENERATED = /(Response|Params)/;
const SHOWN = 3;

const HINT =
  "Probot 9's context.github was that Octokit, so they matched; context.client has today's types (fields that " +
  "may be null, such as a check run's app or completed_at). " +
  'Type the values from the client instead: Awaited<ReturnType<Context["client"]["pulls"]["get"]>>["data"], ' +
  "or RestEndpointMethodTypes from @octokit/plugin-rest-endpoint-methods. Not rewritten: what fits depends on " +
  "how the app uses them.";

/**
 * TypeScript apps of Probot 9 typed what `context.github` returned with @octokit/rest 16's
 * namespace types (`Octokit.ChecksListForRefResponseCheckRunsItem`). Today's client returns
 * other types, so the compiler refuses the app where it mixes the two: reported, once a file.
 */
export function reportOctokitRestTypes(ast: AnyNode, log: SourceLog): void {
  const namespaces = new Set<string>();
  visit(ast, {
    visitImportDeclaration(path) {
      const node = path.node as AnyNode;
      if (node.source.value === OCTOKIT_REST)
        for (const specifier of node.specifiers as AnyNode[]) namespaces.add(specifier.local.name as string);
      return false;
    },
  });
  if (namespaces.size === 0) return;
  const names: string[] = [];
  let line: number | undefined;
  visit(ast, {
    visitTSQualifiedName(path) {
      const node = path.node as AnyNode;
      const right = keyName(node.right) ?? "";
      if (node.left.type === "Identifier" && namespaces.has(node.left.name as string) && GENERATED.test(right)) {
        line ??= lineOf(node);
        const name = `${node.left.name as string}.${right}`;
        if (!names.includes(name)) names.push(name);
      }
      return false;
    },
  });
  if (names.length === 0) return;
  const shown = names.slice(0, SHOWN).join(", ") + (names.length > SHOWN ? `, and ${names.length - SHOWN} more` : "");
  log.problems.push({
    line,
    message: `uses the response types of ${OCTOKIT_REST} 16 (${shown}), which the client's responses do not match`,
    hint: HINT,
  });
}

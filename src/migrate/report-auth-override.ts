import { visit } from "recast";
import { keyName, lineOf, type AnyNode, type CallSite, type SourceLog } from "./source-types.js";

// Only Probot 9 and 10's Application: from Probot 11 on, a replaced auth() serves the app's own calls, as it does here.
const APP_CLASSES = new Set(["Application"]);

/**
 * Probot 9 and 10 made each event's client with `app.auth()`, so tests replaced it
 * (`robot.auth = () => Promise.resolve(github)`). Here events get their client from the App's
 * `Client`: such an assignment changes nothing for handlers, and is reported.
 */
export function reportAuthOverride(ast: AnyNode, calls: readonly CallSite[], log: SourceLog): void {
  const apps = new Set<string>();
  for (const { imported, call, path } of calls) {
    if (!APP_CLASSES.has(imported) || call.type !== "NewExpression") continue;
    const holder = path.parent?.node as AnyNode | undefined;
    if (holder?.type === "VariableDeclarator" && holder.id.type === "Identifier") apps.add(holder.id.name as string);
    if (holder?.type === "AssignmentExpression" && holder.left.type === "Identifier")
      apps.add(holder.left.name as string);
  }
  if (apps.size === 0) return;
  visit(ast, {
    visitAssignmentExpression(path) {
      const left = (path.node as AnyNode).left as AnyNode;
      const name = left.type === "MemberExpression" && !left.computed ? (left.object as AnyNode) : undefined;
      if (name?.type === "Identifier" && apps.has(name.name as string) && keyName(left.property) === "auth") {
        log.problems.push({
          line: lineOf(left),
          message: `replaces ${name.name as string}.auth: the clients of events do not come from auth() here`,
          hint: "Give the app the double as its client class instead: new App({ Client: function () { return github; } }) makes every context.client that object (in TypeScript, cast the function: `as any`), or answer the requests with nock.",
        });
      }
      this.traverse(path);
    },
  });
}

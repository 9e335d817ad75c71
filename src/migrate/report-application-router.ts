import { visit } from "recast";
import { keyName, lineOf, type AnyNode, type SourceLog } from "./source-types.js";

/** Probot's classes whose instances had an Express router of their own on Probot 7 to 10 (`app.router`). */
const CLASSES = new Set(["Application", "Probot"]);

const HINT =
  "Here the app's routes are getRouter()'s, a Hono app, served by createNodeMiddleware(app) (an Express app can " +
  "mount that: expressApp.use(createNodeMiddleware(app))), createServer() or app run; write the routes for " +
  "getRouter() first (Express handlers fail there).";

/** `robot`, `this.app`, `t.context.robot`; undefined for anything computed. */
function textOf(node: AnyNode): string | undefined {
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "ThisExpression") return "this";
  if (node.type === "MemberExpression" && !node.computed) {
    const object = textOf(node.object as AnyNode);
    const name = keyName(node.property);
    return object === undefined || name === undefined ? undefined : `${object}.${name}`;
  }
  return undefined;
}

/**
 * `x.router` read off an object the file made with `new Application()` or `new Probot()` (a variable, or a
 * member it assigned: `t.context.robot = new Application()`): Probot 7 to 10's Express router, which tests
 * mounted on an Express app of their own. App has none; reported.
 */
export function reportApplicationRouter(ast: AnyNode, log: SourceLog): void {
  const made = new Set<string>();
  const isMade = (node: AnyNode | null | undefined) =>
    node?.type === "NewExpression" &&
    (node.callee as AnyNode).type === "Identifier" &&
    CLASSES.has((node.callee as AnyNode).name as string);
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if ((node.id as AnyNode).type === "Identifier" && isMade(node.init as AnyNode))
        made.add((node.id as AnyNode).name as string);
      this.traverse(path);
    },
    visitAssignmentExpression(path) {
      const node = path.node as AnyNode;
      const target = textOf(node.left as AnyNode);
      if (target && isMade(node.right as AnyNode)) made.add(target);
      this.traverse(path);
    },
  });
  if (made.size === 0) return;
  visit(ast, {
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      const owner = textOf(node.object as AnyNode);
      if (!node.computed && keyName(node.property) === "router" && owner && made.has(owner)) {
        const line = lineOf(node);
        if (!log.problems.some((p) => p.line === line && p.message.includes(`${owner}.router`)))
          log.problems.push({
            line,
            message: `reads ${owner}.router, the Express router Probot 7 to 10's Application made: an App has none`,
            hint: HINT,
          });
      }
      this.traverse(path);
    },
  });
}

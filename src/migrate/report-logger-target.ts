import { visit } from "recast";
import { keyName, lineOf, type AnyNode, type SourceLog } from "./source-types.js";

/** Probot 9's logger type (probot/lib/wrap-logger), renamed DeprecatedLogger. */
const PROBOT_9_LOGGER = "LoggerWithTarget";

const HINT =
  "Probot 7 to 9's log wrapped a bunyan logger, its target (addStream, streams, level()); gh-app-kit's log is a " +
  "pino logger, and its target is that logger itself (what is set on it is kept, and does nothing), with none of " +
  "bunyan's methods: call pino's on the log itself. For a Sentry stream, set SENTRY_DSN (docs/run.md, Sentry). " +
  "TypeScript does not know it: a test double's target can go.";

/**
 * `app.log.target`, `logger.target` of a logger typed LoggerWithTarget: Probot 9's bunyan logger
 * under its log. Here it is the pino logger itself, without bunyan's methods, and the compiler refuses it:
 * reported, once a line.
 * Run before the renames, while the type still has its Probot 9 name.
 */
export function reportLoggerTarget(ast: AnyNode, log: SourceLog): void {
  const typed = new Set<string>();
  const isProbot9Logger = (annotation: AnyNode | undefined): boolean => {
    const type = annotation?.type === "TSTypeAnnotation" ? (annotation.typeAnnotation as AnyNode) : undefined;
    return type?.type === "TSTypeReference" && keyName(type.typeName) === PROBOT_9_LOGGER;
  };
  visit(ast, {
    visitIdentifier(path) {
      const node = path.node as AnyNode;
      if (isProbot9Logger(node.typeAnnotation as AnyNode | undefined)) typed.add(node.name as string);
      this.traverse(path);
    },
  });
  const lines = new Set<number>();
  visit(ast, {
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      const object = node.object as AnyNode;
      const ofLog =
        (object.type === "MemberExpression" && !object.computed && keyName(object.property) === "log") ||
        (object.type === "Identifier" && typed.has(object.name as string));
      const line = lineOf(node);
      if (!node.computed && keyName(node.property) === "target" && ofLog && !lines.has(line)) {
        lines.add(line);
        log.problems.push({ line, message: "reads the target of a logger, Probot 9's bunyan logger", hint: HINT });
      }
      this.traverse(path);
    },
  });
}

import { visit } from "recast";
import { lineOf, memberKey, type AnyNode, type CallSite, type Path, type SourceWork } from "./source-types.js";

/** Probot's names whose call or `new` makes a Probot (7 to 10: one that also served HTTP). */
const MAKERS = new Set(["Probot", "createProbot"]);

/** The members of Probot 7 to 10's instance renamed here: the same thing under gh-app-kit's name. */
export const PROBOT_INSTANCE_RENAMES: Readonly<Record<string, string | undefined>> = {
  // Probot 7 to 9's `probot.setup([appFn])` loaded the apps (and Probot's own, gone here): load takes an array too.
  setup: "load",
  // Probot 7 to 9's `probot.logger`, the app's logger.
  logger: "log",
  // Probot 7 to 9's `probot.webhook`, its @octokit/webhooks.
  webhook: "webhooks",
};

const SERVER_HINT =
  "The server is separate here: const server = createServer({ app: probot }); await server.load(appFn); " +
  "await server.start() (server.stop() closes it), with createServer from gh-app-kit (docs/server.md); " +
  "or run(appFn), which reads the environment as `probot run` did. A test that requests the server " +
  "(supertest) takes createNodeMiddleware(appFn, { app: probot }), a Node request handler.";

/** Probot 7 to 10's members of the instance that served HTTP, which an App does not have. */
const SERVER_MEMBERS: Readonly<Record<string, string | undefined>> = {
  start: "start()",
  stop: "stop()",
  server: "server (its Express app)",
  httpServer: "httpServer",
};

/**
 * Probot 10's static `Probot.run(appFn)`, where `classNames` are the local names of Probot's class
 * (before the renames: they rename the tree's identifiers too). The App class has no `run`: reported.
 */
export function reportProbotRun(ast: AnyNode, classNames: ReadonlySet<string>, log: SourceWork): void {
  if (classNames.size === 0) return;
  visit(ast, {
    visitMemberExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      const object = node.object as AnyNode;
      if (object.type !== "Identifier" || !classNames.has(object.name as string) || memberKey(node) !== "run") return;
      if ((path.parent?.node as AnyNode | undefined)?.callee !== node) return;
      log.problems.push({
        line: lineOf(node),
        message: "calls Probot 10's static Probot.run(appFn), which the App class does not have",
        hint: 'Call run(appFn) from gh-app-kit (import { run } from "gh-app-kit"): it starts the server from the environment, as Probot.run did.',
      });
    },
  });
}

/**
 * Probot 7 to 10's Probot was also the server: `probot.start()`, `probot.server` (Express). Here the
 * App is not, and those members are undefined: the entry threw `probot.start is not a function` at
 * once, after `app migrate` said nothing. On an object made from Probot in this file (`new Probot()`,
 * `createProbot()`), `setup` and `logger` are renamed (`load`, `log`) and the server's members reported.
 * The object may be held in a variable or in a member (`this.probot = new Probot()` in mocha's and tap's
 * hooks, `t.context.probot` in ava's): a member is known by its path of names.
 */
export function migrateProbotInstanceMembers(ast: AnyNode, calls: readonly CallSite[], log: SourceWork): void {
  const made = holdersMadeBy(calls, MAKERS);
  if (made.size === 0) return;
  const reported = new Set<string>();
  visit(ast, {
    visitMemberExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      const name = holderKey(node.object as AnyNode);
      if (name === undefined || node.computed || !made.has(name)) return;
      const member = memberKey(node) ?? "";
      const renamed = PROBOT_INSTANCE_RENAMES[member];
      if (renamed !== undefined) {
        reportBunyanLevel(path as Path, name, log);
        log.edits.rename(node.property as AnyNode, renamed);
        log.changes.push({
          line: lineOf(node.property as AnyNode),
          text: `Probot 7 to 9's ${name}.${member} → ${name}.${renamed}`,
        });
        return;
      }
      const what = SERVER_MEMBERS[member];
      if (what === undefined || reported.has(`${name}.${member}`)) return;
      reported.add(`${name}.${member}`);
      log.problems.push({
        line: lineOf(node),
        message: `reads ${name}.${what}: Probot 7 to 10's Probot was its own HTTP server, the App is not`,
        hint: SERVER_HINT,
      });
    },
  });
}

/** What a call (or `new`) of `makers` was given to: a variable, or a member by its path of names. */
function holdersMadeBy(calls: readonly CallSite[], makers: ReadonlySet<string>): Set<string> {
  const made = new Set<string>();
  for (const site of calls) {
    if (!makers.has(site.imported)) continue;
    const holder = site.path.parent?.node as AnyNode | undefined;
    const target =
      holder?.type === "VariableDeclarator" && holder.init === site.call
        ? (holder.id as AnyNode)
        : holder?.type === "AssignmentExpression" && holder.right === site.call && holder.operator === "="
          ? (holder.left as AnyNode)
          : undefined;
    const key = target && holderKey(target);
    if (key !== undefined) made.add(key);
  }
  return made;
}

/** `probot`, `this.probot`, `t.context.probot`: a variable, or a path of names from one or from `this`; else undefined. */
function holderKey(node: AnyNode): string | undefined {
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "ThisExpression") return "this";
  if (node.type !== "MemberExpression" || node.computed || (node.property as AnyNode)?.type !== "Identifier")
    return undefined;
  const object = holderKey(node.object as AnyNode);
  return object === undefined ? undefined : `${object}.${(node.property as AnyNode).name as string}`;
}

/** `probot.logger.level("fatal")`, bunyan's setter (and getter, without an argument): pino's `level` is a property. */
function reportBunyanLevel(path: Path, name: string, log: SourceWork): void {
  const logger = path.node as AnyNode;
  const member = path.parent?.node as AnyNode | undefined;
  const call = path.parent?.parent?.node as AnyNode | undefined;
  if (memberKey(logger) !== "logger" || member?.type !== "MemberExpression" || memberKey(member) !== "level") return;
  if (call?.type !== "CallExpression" || call.callee !== member) return;
  log.problems.push({
    line: lineOf(member),
    message: `calls ${name}.logger.level(), the level method of Probot 7 to 9's bunyan logger; the App's log is pino's, whose level is a property`,
    hint: `Write ${name}.log.level = "fatal" to set it, and read ${name}.log.level to get it.`,
  });
}

const EXPRESS_APP_HINT =
  "Add routes with server.router(path), a Hono router (router.get(path, (c) => c.text(...))); or serve " +
  "server.expressApp from an Express app of your own (expressApp.use(server.expressApp)) and keep its Express calls there.";

/**
 * Probot 11 to 14's `server.expressApp` was an Express app; gh-app-kit's Server (probot-server.ts) has a Node
 * request listener there, which hosts take as they took Express (`http.createServer(server.expressApp)`, a
 * serverless handler), but which has none of Express's methods: `expressApp.use(...)` and the like are reported.
 */
export function reportServerExpressApp(ast: AnyNode, calls: readonly CallSite[], log: SourceWork): void {
  const made = holdersMadeBy(calls, new Set(["Server"]));
  if (made.size === 0) return;
  visit(ast, {
    visitCallExpression(path) {
      this.traverse(path);
      const callee = (path.node as AnyNode).callee as AnyNode;
      const holder = callee.type === "MemberExpression" && !callee.computed ? (callee.object as AnyNode) : undefined;
      if (holder?.type !== "MemberExpression" || holder.computed || memberKey(holder) !== "expressApp") return;
      const server = holderKey(holder.object as AnyNode);
      if (server === undefined || !made.has(server)) return;
      log.problems.push({
        line: lineOf(callee),
        message: `calls ${server}.expressApp.${memberKey(callee) ?? ""}(), Express's: Probot's Server's expressApp was an Express app; gh-app-kit's is a Node request listener`,
        hint: EXPRESS_APP_HINT,
      });
    },
  });
}

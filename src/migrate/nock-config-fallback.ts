import { visit } from "recast";
import { isNockChain, nockScopeNames } from "./nock-contents-paths.js";
import { lineOf, type AnyNode, type Path, type SourceWork } from "./source-types.js";

const CHANGE =
  "nock: the owner's .github repository answered 404 too, which context.config() reads since Probot 9.3 when the repository has no file";

const TEMPLATE_PROBLEM =
  "answers a config file 404 through a path written as a template: since Probot 9.3, context.config() then reads the same file in the owner's .github repository, which this suite does not answer";
const TEMPLATE_HINT =
  "Answer it too on the same chain: .get(`/repos/${owner}/.github/contents/.github%2F${file}`).reply(404).";

/** `/repos/<owner>/<repo>/contents/.github/<file>` (its slashes as they are, or `%2F`), no query. */
const CONFIG_PATH = /^\/repos\/([^/]+)\/([^/]+)\/contents\/\.github(?:\/|%2F)([^?]+)$/i;

/**
 * Before Probot 9.3, `context.config()` read the repository's own `.github/<file>` and nothing
 * else, so a suite answered that request 404 to have the defaults. Probot 9.3 to 14 and gh-app-kit
 * then read the same path in the owner's `.github` repository, which such a suite never answered
 * (with `nock.disableNetConnect()`, the delivery fails or waits on the client's retries). After each
 * `.get("/repos/o/r/contents/.github/<file>").reply(404…)` of a chain from `nock()` the same chain
 * answers `/repos/o/.github/contents/.github%2F<file>` 404 too, unless the file's interceptors answer
 * it already. Only string paths; only for an app whose Probot is older than 9.3.
 */
export function answerOwnerConfigRepo(ast: AnyNode, log: SourceWork): void {
  const scopes = nockScopeNames(ast);
  const answered = new Set<string>();
  const replies: Array<{ reply: AnyNode; quote: string; path: string }> = [];
  visit(ast, {
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      const callee = node.callee as AnyNode;
      const first = (node.arguments as AnyNode[])[0];
      if (
        callee.type === "MemberExpression" &&
        !callee.computed &&
        callee.property.name === "get" &&
        first?.type === "TemplateLiteral" &&
        (first.expressions as AnyNode[]).length > 0 &&
        isNockChain(callee.object as AnyNode, scopes) &&
        replyOf(path as Path)
      ) {
        const text = (first.quasis as AnyNode[]).map((quasi) => quasi.value.raw as string).join("${}");
        if (/\/contents\/\.github(?:\/|%2F)/i.test(text) && !/^\/repos\/[^/]+\/\.github\//i.test(text))
          log.problems.push({ line: lineOf(first), message: TEMPLATE_PROBLEM, hint: TEMPLATE_HINT });
      }
      if (
        callee.type === "MemberExpression" &&
        !callee.computed &&
        callee.property.name === "get" &&
        first?.type === "StringLiteral" &&
        isNockChain(callee.object as AnyNode, scopes)
      ) {
        const match = CONFIG_PATH.exec(first.value as string);
        if (match) {
          const [, owner, repo, file] = match as unknown as [string, string, string, string];
          const target = `/repos/${owner}/.github/contents/.github%2F${file.split("/").join("%2F")}`;
          if (repo.toLowerCase() === ".github") answered.add(target.toLowerCase());
          else {
            const reply = replyOf(path as Path);
            const raw = (first.extra?.raw as string | undefined) ?? "'";
            if (reply) replies.push({ reply, quote: raw[0] ?? "'", path: target });
          }
        }
      }
      this.traverse(path as Path);
    },
  });
  for (const { reply, quote, path } of replies) {
    if (answered.has(path.toLowerCase()) || typeof reply.end !== "number") continue;
    answered.add(path.toLowerCase());
    log.edits.insert(reply.end as number, `.get(${quote}${path}${quote}).reply(404)`);
    log.changes.push({ line: lineOf((reply.callee as AnyNode).property as AnyNode), text: CHANGE });
  }
}

/** The `.reply(404…)` call made on this interceptor (`<interceptor>.reply(404)`), if it is one. */
function replyOf(interceptor: Path): AnyNode | undefined {
  const member = interceptor.parent?.node as AnyNode | undefined;
  const call = interceptor.parent?.parent?.node as AnyNode | undefined;
  if (member?.type !== "MemberExpression" || member.computed || member.property?.name !== "reply") return undefined;
  if (call?.type !== "CallExpression" || call.callee !== member) return undefined;
  const status = (call.arguments as AnyNode[])[0];
  return status?.type === "NumericLiteral" && status.value === 404 ? call : undefined;
}

/** The path this pass answers: `/repos/<owner>/.github/contents/.github%2F<file>`. */
const OWNER_CONFIG_PATH = /^\/repos\/[^/]+\/\.github\/contents\/\.github%2F[^/?]+$/;

/**
 * For verify-rewrite.ts: when `after` is `before` with `.get("/repos/o/.github/contents/.github%2F<file>").reply(404)`
 * added after it (`before` being a `.reply(404…)` call), the node of `after` to compare with `before`.
 */
export function withoutOwnerConfigAnswer(before: AnyNode, after: AnyNode): AnyNode | undefined {
  if (before.type !== "CallExpression" || after.type !== "CallExpression" || !isReply404(before)) return undefined;
  // A chain that answered the owner's repository already (dcoapp's, Probot 14) had nothing added: compared as it is.
  if (ownerAnswered(before)) return undefined;
  return ownerAnswered(after);
}

/** `<x>.reply(404).get("/repos/o/.github/contents/.github%2F<file>").reply(404)`: the inner `.reply(404)` call. */
function ownerAnswered(call: AnyNode): AnyNode | undefined {
  if (!isReply404(call) || (call.arguments as AnyNode[]).length !== 1) return undefined;
  const get = (call.callee as AnyNode).object as AnyNode;
  if (get?.type !== "CallExpression" || get.extra?.parenthesized) return undefined;
  const callee = get.callee as AnyNode;
  const args = get.arguments as AnyNode[];
  if (callee.type !== "MemberExpression" || callee.computed || callee.property.name !== "get") return undefined;
  if (args.length !== 1 || args[0]?.type !== "StringLiteral" || !OWNER_CONFIG_PATH.test(args[0].value as string))
    return undefined;
  const answered = callee.object as AnyNode;
  return answered?.type === "CallExpression" && isReply404(answered) ? answered : undefined;
}

function isReply404(call: AnyNode): boolean {
  const callee = call.callee as AnyNode;
  const status = (call.arguments as AnyNode[])[0];
  return (
    callee?.type === "MemberExpression" &&
    !callee.computed &&
    callee.property?.name === "reply" &&
    status?.type === "NumericLiteral" &&
    status.value === 404
  );
}

import { isHonoSendOf } from "./express-handlers.js";
import { parseWithBabel } from "./parse-source.js";
import {
  ADAPTER_MODULES,
  ADAPTER_TARGETS,
  CONTEXT_RENAMES,
  EXPORT_RENAMES,
  ISSUE_RENAMES,
  MILESTONE_RENAMES,
  PULL_RENAMES,
  GRAPHQL_RENAMES,
  FRAMEWORK_MODULE,
  isMissingExport,
  LAMBDA_RENAMES,
  MIDDLEWARE_RENAMES,
  ONE_VALUE_MODULES,
  OPTION_RENAMES,
  PROBOT_MODULE,
  ERROR_CLASS_MODULES,
} from "./probot-names.js";
import { keyName, type AnyNode } from "./source-types.js";
import { GITHUB_API } from "./github-api-calls.js";
import { AUGMENTATION_RENAMES } from "./module-augmentations.js";
import { isClassModuleBinding } from "./module-specifier-rewrites.js";
import { packageOf } from "./package-name.js";
import { isWebhookMethodCall } from "./await-webhook-methods.js";
import { isLoadAnswerRewrite, isLoadCalledDirectly } from "./load-answer.js";
import { isWildcardOnRewrite } from "./wildcard-on.js";
import { withoutOwnerConfigAnswer } from "./nock-config-fallback.js";
import { isContentsPathEncoding } from "./nock-contents-paths.js";
import { PROBOT_INSTANCE_RENAMES } from "./probot-server-members.js";

/** Every rename the migration makes, of a name or of a string (`"octokit"` in `context["octokit"]`). */
const RENAMES: ReadonlyArray<Readonly<Record<string, string | undefined>>> = [
  EXPORT_RENAMES,
  AUGMENTATION_RENAMES,
  OPTION_RENAMES,
  MIDDLEWARE_RENAMES,
  LAMBDA_RENAMES,
  CONTEXT_RENAMES,
  ISSUE_RENAMES,
  PULL_RENAMES,
  MILESTONE_RENAMES,
  GRAPHQL_RENAMES,
  PROBOT_INSTANCE_RENAMES,
];

/** Position and formatting fields, and comments (checked apart): not part of what the code means. */
const IGNORED = new Set([
  "start",
  "end",
  "loc",
  "range",
  "extra",
  "comments",
  "leadingComments",
  "trailingComments",
  "innerComments",
  "tokens",
  "errors",
]);

function isRename(from: unknown, to: unknown, strings: boolean): boolean {
  if (typeof from !== "string" || typeof to !== "string") return false;
  if (RENAMES.some((renames) => renames[from] === to)) return true;
  const moduleName =
    from === PROBOT_MODULE ||
    from.startsWith(`${PROBOT_MODULE}/lib/`) ||
    from === "@probot/get-private-key" ||
    ERROR_CLASS_MODULES.has(from) ||
    ADAPTER_MODULES.has(from);
  const target = ADAPTER_MODULES.has(from) ? ADAPTER_TARGETS.has(to) : to === FRAMEWORK_MODULE;
  const oneValue = ONE_VALUE_MODULES.get(from)?.entry === to;
  return strings && ((moduleName && target) || oneValue || isPackageRootOf(from, to));
}

/** `@octokit/webhooks/dist-types/types.ts` → `@octokit/webhooks` (typescript/deep-type-paths.ts). */
function isPackageRootOf(from: string, to: string): boolean {
  return !/^[./]/.test(from) && from !== to && packageOf(from) === to;
}

/**
 * Why `after` is not `before` with only the intended replacements made, or undefined when it is.
 * `after` is parsed again and both trees are walked side by side: they must be the same node for
 * node, except names and strings that are one of the migration's renames, at a place the migration
 * chose to edit (`edited`: ranges of `before`), and shorthand properties written out (`{ octokit }`
 * → `{ client: octokit }`). Comments may change their text, not their number or kind.
 */
export function findUnintendedChange(
  file: string,
  before: string,
  after: string,
  edited: ReadonlyArray<readonly [number, number]>,
  nonNullAt: ReadonlySet<number> = new Set(),
): string | undefined {
  let old: AnyNode;
  let next: AnyNode;
  try {
    old = parseWithBabel(file, before) as unknown as AnyNode;
  } catch {
    return "the file as it was does not parse";
  }
  try {
    next = parseWithBabel(file, after) as unknown as AnyNode;
  } catch (error) {
    return `the rewritten file does not parse (${(error as Error).message})`;
  }
  const inEdit = (node: AnyNode) => edited.some(([start, end]) => node.start >= start && node.start < end);
  // An Express handler that only sends a string, made Hono's `(c) => c.html(s)`: shown to be that, here.
  const proven = (x: AnyNode, y: AnyNode) =>
    edited.some(([start]) => x.start === start) && /Function/.test(x.type) && isHonoSendOf(x, y, before);
  const differs = compare(old.program, next.program, { inEdit, proven, nonNullAt });
  if (differs) return differs;
  const [a, b] = [old.comments ?? [], next.comments ?? []] as AnyNode[][];
  if (a.length !== b.length || a.some((comment, index) => comment.type !== b[index]?.type))
    return "the comments are not the same comments";
  return undefined;
}

type Allowed = {
  inEdit: (node: AnyNode) => boolean;
  proven: (before: AnyNode, after: AnyNode) => boolean;
  /** Ends of expressions asserted with `!` (typescript/check-payload-types.ts): `x` → `x!`, the one addition. */
  nonNullAt: ReadonlySet<number>;
};

function compare(a: unknown, b: unknown, allow: Allowed, holder?: AnyNode): string | undefined {
  // A context double's old key, kept as a getter of `client` for Probot extensions: the one addition.
  if (holder?.type === "ObjectExpression" && Array.isArray(a) && Array.isArray(b) && b.length > a.length)
    b = b.filter((property) => !isClientAlias(property as AnyNode, b as AnyNode[]));
  // createNodeMiddleware's options of a Probot 11 or 12 app: `webhookPath: "/"`, that Probot's default (rename-option-keys.ts).
  if (holder?.type === "ObjectExpression" && Array.isArray(a) && Array.isArray(b) && b.length === a.length + 1)
    b = b.filter((property) => !isRootWebhookPath(property as AnyNode, a as AnyNode[]));
  // Names gh-app-kit lacks, taken out of an ES import and read from the module's namespace (missing-import-names.ts).
  if (holder?.type === "ImportDeclaration" && Array.isArray(a) && Array.isArray(b) && a.length > b.length)
    a = a.filter((specifier) => !isMissingSpecifier(specifier as AnyNode, allow));
  if (holder?.type === "Program" && Array.isArray(a) && Array.isArray(b) && b.length > a.length)
    b = withoutNamespaceBindings(b as AnyNode[]);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return at(holder, "a list changed length");
    for (const [index, item] of a.entries()) {
      const differs = compare(item, b[index], allow, holder);
      if (differs) return differs;
    }
    return undefined;
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return a === b || (a ?? undefined) === (b ?? undefined) ? undefined : at(holder, "a value changed");
  const [x, y] = [a as AnyNode, b as AnyNode];
  const { inEdit } = allow;
  if (allow.proven(x, y)) return undefined;
  if (y.type === "TSNonNullExpression" && x.type !== y.type && allow.nonNullAt.has(x.end as number)) {
    const inner = y.expression as AnyNode;
    if (inner.type !== y.type) return compare(x, inner, allow, holder);
  }
  if (isGitHubApiCall(x, y)) return compareGitHubApiCall(x, y, allow);
  // nock(api).get(config).reply(404) → ….reply(404).get(<owner's .github>).reply(404) (nock-config-fallback.ts).
  const answered = withoutOwnerConfigAnswer(x, y);
  if (answered) return compare(x, answered, allow, holder);
  // webhooks.sign(p) → await webhooks.sign(p), in parentheses where a member of it is read (await-webhook-methods.ts).
  if (y.type === "AwaitExpression" && inEdit(x) && isWebhookMethodCall(x) && !x.extra?.parenthesized)
    return compare(x, y.argument, allow, holder);
  // app.on("*", handler) → app.onAny(handler): the same receiver and handler (wildcard-on.ts).
  if (isWildcardOnRewrite(x, y) && inEdit((x.callee as AnyNode).property as AnyNode)) {
    const [before, after] = [x.callee as AnyNode, y.callee as AnyNode];
    return (
      compare(before.object, after.object, allow, x) ??
      compare((x.arguments as AnyNode[])[1], (y.arguments as AnyNode[])[0], allow, x)
    );
  }
  // probot.load(fn) → (probot.load(fn), probot): the answer is the app, as on Probot 10 (load-answer.ts).
  if (inEdit(x) && !x.extra?.parenthesized && isLoadAnswerRewrite(x, y))
    return compare(x, (y.expressions as AnyNode[])[0], allow, holder);
  // probot.load(myApp) → myApp(probot) where it is expected to throw at once (load-answer.ts).
  if (inEdit(x) && !x.extra?.parenthesized && isLoadCalledDirectly(x, y)) return undefined;
  // import probot from "probot" → import * as probot from "gh-app-kit": the one change of a node's kind.
  const toNamespace = x.type === "ImportDefaultSpecifier" && y.type === "ImportNamespaceSpecifier" && inEdit(x);
  // { probot: stub } → { "gh-app-kit": stub }: a stub keyed by module name (proxyquire).
  if (x.type === "Identifier" && y.type === "StringLiteral" && inEdit(x) && isRename(x.name, y.value, true))
    return undefined;
  // const Context = require("probot/lib/context") → const { Context } = require("gh-app-kit") (Probot 6).
  if (x.type !== y.type && inEdit(x) && isClassModuleBinding(x, y)) return undefined;
  if (x.type !== y.type && !toNamespace) return at(x, `${String(x.type)} became ${String(y.type)}`);
  if (Boolean(x.extra?.parenthesized) !== Boolean(y.extra?.parenthesized)) return at(x, "parentheses changed");
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (IGNORED.has(key) || key === "type") continue; // the kinds are compared above
    // A module name written as a template without expressions (`probot`): its text is the element's value.
    if (x.type === "TemplateElement" && key === "value" && inEdit(x) && isTemplateRename(x.value, y.value)) continue;
    // A nock path of a Probot 6 to 9 suite, its file path's slashes written %2F (nock-contents-paths.ts).
    if (x.type === "TemplateElement" && key === "value" && inEdit(x) && isTemplatePathEncoding(x.value, y.value))
      continue;
    const [from, to] = [x[key], y[key]];
    if (from === to || (from == null && to == null)) continue;
    if (typeof from === "object" || typeof to === "object") {
      const differs = compare(from, to, allow, x.type === undefined ? holder : x);
      if (differs) return differs;
      continue;
    }
    if (allowed(x, key, from, to, inEdit)) continue;
    return at(x, `${String(x.type)} ${key} ${JSON.stringify(from)} became ${JSON.stringify(to)}`);
  }
  return undefined;
}

/** `Server` in `import { Server, Probot } from "probot"`, where the migration took it out of the import. */
function isMissingSpecifier(specifier: AnyNode, allow: Allowed): boolean {
  return (
    specifier.type === "ImportSpecifier" &&
    specifier.imported?.type === "Identifier" &&
    isMissingExport(specifier.imported.name as string) &&
    allow.inEdit(specifier)
  );
}

/**
 * The statements without each `import * as ghAppKit from "gh-app-kit"` followed by
 * `const { Server } = ghAppKit`, that binds only names gh-app-kit lacks.
 */
function withoutNamespaceBindings(statements: AnyNode[]): AnyNode[] {
  const kept: AnyNode[] = [];
  for (let index = 0; index < statements.length; index += 1) {
    const [statement, next] = [statements[index] as AnyNode, statements[index + 1]];
    if (isNamespaceImport(statement) && next && bindsMissingNames(next, statement.specifiers[0].local.name)) {
      index += 1;
      continue;
    }
    kept.push(statement);
  }
  return kept;
}

function isNamespaceImport(node: AnyNode): boolean {
  const specifiers = node.specifiers as AnyNode[] | undefined;
  return (
    node.type === "ImportDeclaration" &&
    node.source?.value === FRAMEWORK_MODULE &&
    specifiers?.length === 1 &&
    specifiers[0]?.type === "ImportNamespaceSpecifier" &&
    /^ghAppKit\d*$/.test(specifiers[0].local.name as string)
  );
}

function bindsMissingNames(node: AnyNode, namespace: string): boolean {
  const declarator = (node.declarations as AnyNode[] | undefined)?.[0];
  const pattern = declarator?.id as AnyNode | undefined;
  return (
    node.type === "VariableDeclaration" &&
    node.kind === "const" &&
    node.declarations.length === 1 &&
    declarator?.init?.type === "Identifier" &&
    declarator.init.name === namespace &&
    pattern?.type === "ObjectPattern" &&
    (pattern.properties as AnyNode[]).every(
      (p) =>
        p.type === "ObjectProperty" &&
        !p.computed &&
        p.key.type === "Identifier" &&
        p.value.type === "Identifier" &&
        isMissingExport(p.key.name as string),
    )
  );
}

function isTemplatePathEncoding(from: AnyNode, to: AnyNode): boolean {
  return isContentsPathEncoding(from.raw, to.raw) && isContentsPathEncoding(from.cooked, to.cooked);
}

function isTemplateRename(from: AnyNode, to: AnyNode): boolean {
  return isRename(from.raw, to.raw, true) && isRename(from.cooked, to.cooked, true);
}

/** Probot 9's `GitHubAPI(options)` written `new AppClient(options)` (github-api-calls.ts). */
function isGitHubApiCall(x: AnyNode, y: AnyNode): boolean {
  const callee = x.callee as AnyNode | undefined;
  return (
    (x.type === "CallExpression" || x.type === "NewExpression") &&
    y.type === "NewExpression" &&
    callee?.type === "Identifier" &&
    callee.name === GITHUB_API
  );
}

/** The same arguments, to AppClient; or, where the options gave `Octokit: X`, to X without that key. */
function compareGitHubApiCall(x: AnyNode, y: AnyNode, allow: Allowed): string | undefined {
  const [options, ...rest] = x.arguments as AnyNode[];
  const given = ((options?.type === "ObjectExpression" ? options.properties : []) as AnyNode[]).findIndex(
    (p) => (p.type === "ObjectProperty" || p.type === "Property") && !p.computed && keyName(p.key) === "Octokit",
  );
  const callee = y.callee as AnyNode;
  if (given < 0) {
    const renamed = callee.type === "Identifier" && isRename(GITHUB_API, callee.name, false);
    return renamed ? compare(x.arguments, y.arguments, allow, x) : at(x, "GitHubAPI became another call");
  }
  const properties = [...(options as AnyNode).properties] as AnyNode[];
  const [octokit] = properties.splice(given, 1) as [AnyNode];
  const bare = { ...callee, extra: { ...callee.extra, parenthesized: false } };
  return (
    compare(octokit.value, bare, allow, x) ?? compare([{ ...options, properties }, ...rest], y.arguments, allow, x)
  );
}

/** `webhookPath: "/"` added where the options named no path. */
function isRootWebhookPath(node: AnyNode, before: AnyNode[]): boolean {
  const pathKey = (p: AnyNode) =>
    (p.type === "ObjectProperty" || p.type === "Property") &&
    !p.computed &&
    /^webhooks?Path$/.test(keyName(p.key) ?? "");
  return (
    pathKey(node) &&
    keyName(node.key) === "webhookPath" &&
    node.value?.type === "StringLiteral" &&
    node.value.value === "/" &&
    !before.some(pathKey)
  );
}

/** `get github() { return this.client; }` (or `octokit`) beside a `client` key. */
function isClientAlias(node: AnyNode, properties: AnyNode[]): boolean {
  const body = node.body?.body as AnyNode[] | undefined;
  const argument =
    body?.length === 1 && body[0]?.type === "ReturnStatement" ? (body[0].argument as AnyNode) : undefined;
  return (
    node.type === "ObjectMethod" &&
    node.kind === "get" &&
    !node.computed &&
    CONTEXT_RENAMES[keyName(node.key) ?? ""] === "client" &&
    argument?.type === "MemberExpression" &&
    argument.object?.type === "ThisExpression" &&
    !argument.computed &&
    keyName(argument.property) === "client" &&
    properties.some((p) => p.type === "ObjectProperty" && !p.computed && keyName(p.key) === "client")
  );
}

function allowed(node: AnyNode, key: string, from: unknown, to: unknown, inEdit: (node: AnyNode) => boolean): boolean {
  if (!inEdit(node)) {
    // `{ octokit }` → `{ client: octokit }`: the property's own start is not in the edit, its key's is.
    return key === "shorthand" && from === true && to === false && node.key != null && inEdit(node.key as AnyNode);
  }
  if (key === "name") return node.type === "Identifier" && isRename(from, to, false);
  if (key === "value")
    return node.type === "StringLiteral" && (isRename(from, to, true) || isContentsPathEncoding(from, to));
  return key === "shorthand" && from === true && to === false;
}

function at(node: AnyNode | undefined, what: string): string {
  const line = node?.loc?.start.line;
  return line ? `line ${String(line)}: ${what}` : what;
}

import { LAMBDA_RENAMES, MIDDLEWARE_RENAMES, OPTION_RENAMES } from "./probot-names.js";
import { visit } from "recast";
import { declaringScope } from "./scope-lookup.js";
import { keyName, lineOf, LINE_END, type AnyNode, type CallSite, type Path, type SourceWork } from "./source-types.js";

/** `code`: the file's text; `middlewareAtRoot`: the app's probot admits no Probot 13 (see addRootWebhookPath). */
export function renameOptionKeys(
  calls: CallSite[],
  log: SourceWork,
  { code = "", middlewareAtRoot = false }: { code?: string; middlewareAtRoot?: boolean } = {},
): void {
  for (const { imported, call, path, fromAdapter } of calls) {
    const args = (call.arguments as AnyNode[]).map((arg) => objectOf(arg, path));
    if (imported === "Probot" || imported === "Application") renameKeys(args[0], OPTION_RENAMES, log);
    if (imported === "createProbot" && args[0]) {
      renameKeys(args[0], OPTION_RENAMES, log); // a plain Options object is taken as overrides
      for (const property of args[0].properties as AnyNode[]) {
        const name = keyName(property.key);
        if (name === "overrides" || name === "defaults")
          renameKeys(objectOf(property.value, path), OPTION_RENAMES, log);
      }
    }
    if (imported === "createNodeMiddleware") {
      renameKeys(args[1], MIDDLEWARE_RENAMES, log);
      if (middlewareAtRoot) addRootWebhookPath(args[1], call, code, log, imported);
    }
    // Probot 11 and 12's Server too: `webhookPath: options.webhookPath || "/"`.
    if (imported === "Server" && call.type === "NewExpression" && middlewareAtRoot)
      addRootWebhookPath(args[0], call, code, log, imported);
    if (imported === "createLambdaFunction") renameLambdaOptions(args[1], call, log);
    // Probot 7 to 12's run() started its Server with `webhookPath: env.WEBHOOK_PATH`: `/` when unset.
    if (imported === "run" && middlewareAtRoot && !fromAdapter) {
      log.problems.push({
        line: lineOf(call),
        message:
          "run() took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; here it takes them at /api/github/webhooks",
        hint: 'Set WEBHOOK_PATH=/ where the app runs (or give run the option { defaults: { webhookPath: "/" } }) if its webhook URL ends at the server\'s root, or point the webhook URL at /api/github/webhooks.',
      });
    }
  }
}

/**
 * Probot 11 and 12's createNodeMiddleware and Server took deliveries at `/` when no `webhooksPath`
 * (`webhookPath`) was given (Probot 13 and 14, and this one: `/api/github/webhooks`): for an app on
 * those, `webhookPath: "/"` is said where its options do not name a path, after their last key, in
 * their layout.
 */
function addRootWebhookPath(
  object: AnyNode | undefined,
  call: AnyNode,
  code: string,
  log: SourceWork,
  what: "createNodeMiddleware" | "Server",
): void {
  const properties = (object?.properties ?? []) as AnyNode[];
  const keys = properties.map((p) =>
    (p.type === "ObjectProperty" || p.type === "Property") && !p.computed ? keyName(p.key) : undefined,
  );
  if (keys.includes("webhooksPath") || keys.includes("webhookPath")) return;
  const last = properties.at(-1);
  if (object?.type !== "ObjectExpression" || !last || keys.includes(undefined) || typeof last.end !== "number") {
    log.problems.push({
      line: lineOf(call),
      message:
        what === "Server"
          ? "Server took deliveries at / on Probot 11 and 12 when no webhookPath was given; here the default is /api/github/webhooks, and these options are not an object literal whose keys app migrate can see"
          : "createNodeMiddleware took deliveries at / on Probot 11 and 12 when no webhooksPath was given; here the default is /api/github/webhooks, and these options are not an object literal whose keys app migrate can see",
      hint:
        what === "Server"
          ? 'Add webhookPath: "/" to the options if deliveries should still come in at / (or set WEBHOOK_PATH), or point the app\'s webhook URL at /api/github/webhooks.'
          : 'Add webhookPath: "/" to the options if deliveries should still come in at the path the middleware is mounted at (or set WEBHOOK_PATH), or point the app\'s webhook URL at /api/github/webhooks.',
    });
    return;
  }
  const lineStart = Math.max(code.lastIndexOf("\n", last.start - 1), code.lastIndexOf("\r", last.start - 1)) + 1;
  const indent = /^[ \t]*/.exec(code.slice(lineStart))![0];
  const multiline = LINE_END.test(code.slice(last.end, object.end));
  log.edits.insert(last.end, multiline ? `,\n${indent}webhookPath: "/"` : `, webhookPath: "/"`);
  log.changes.push({
    line: lineOf(last),
    text: `${what}: webhookPath "/", Probot 11 and 12's default path`,
  });
}

/** createLambdaFunction needs its `probot` (the App here, `app`): where the key cannot be seen, nothing is written. */
function renameLambdaOptions(object: AnyNode | undefined, call: AnyNode, log: SourceWork): void {
  const keys = ((object?.properties ?? []) as AnyNode[]).map((p) => (p.computed ? undefined : keyName(p.key)));
  if (keys.includes("probot") || keys.includes("app")) return renameKeys(object, LAMBDA_RENAMES, log);
  log.unproven = true;
  log.problems.push({
    line: lineOf(call),
    message: "left as it was: createLambdaFunction's options are not an object literal with its probot key",
    hint: "Write createLambdaHandler(appFn, { app: createApp() }) from gh-app-kit here by hand (docs/deploy.md), or pass the options as { probot: ... } and run app migrate again.",
  });
}

/** The object literal an argument is, or the one a name given as the argument was declared with, once. */
function objectOf(arg: AnyNode | undefined, callPath: Path): AnyNode | undefined {
  if (arg?.type === "ObjectExpression") return arg;
  if (arg?.type !== "Identifier") return undefined;
  const name = arg.name as string;
  const scope = declaringScope(callPath, name);
  if (!scope) return undefined;
  const inits: Array<AnyNode | null> = [];
  visit(scope, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id.type === "Identifier" && node.id.name === name && declaringScope(path as Path, name) === scope)
        inits.push(node.init as AnyNode | null);
      this.traverse(path);
    },
  });
  return inits.length === 1 && inits[0]?.type === "ObjectExpression" ? inits[0] : undefined;
}

/** Renames keys of an object literal; `{ githubToken }` becomes `{ platformToken: githubToken }`. */
export function renameKeys(
  object: AnyNode | undefined,
  renames: Readonly<Record<string, string | undefined>>,
  log: SourceWork,
  label = "option",
): void {
  if (object?.type !== "ObjectExpression") return;
  for (const property of object.properties as AnyNode[]) {
    if ((property.type !== "ObjectProperty" && property.type !== "Property") || property.computed) continue;
    const name = keyName(property.key);
    const target = name === undefined ? undefined : renames[name];
    if (!target) continue;
    const key = property.key as AnyNode;
    if (property.shorthand) log.edits.replace(key, `${target}: ${name}`);
    else if (key.type === "Identifier") log.edits.rename(key, target);
    else
      log.edits.replace(
        key,
        `${String(key.extra?.raw ?? '"').charAt(0)}${target}${String(key.extra?.raw ?? '"').charAt(0)}`,
      );
    property.key = { type: "Identifier", name: target };
    property.shorthand = false;
    log.changes.push({ line: lineOf(property), text: `${label} ${name} → ${target}` });
  }
}

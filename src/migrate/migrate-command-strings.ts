import {
  asProbotCommand,
  frameworkBinary,
  moveProbotCommand,
  PROBOT_RUN_COMMAND,
  ROOT_WEBHOOK_PATH,
} from "./migrate-package-json.js";
import { visit } from "recast";
import { parseWithBabel } from "./parse-source.js";
import type { AnyNode, SourceLog } from "./source-types.js";

/** What a source must hold to start Probot's command line: a command in a string, or the binary beside it. */
const MAY_START_PROBOT =
  /probot(?:@\S+)?\s+(?:run|receive)\b|probot-(?:run|receive)|["'`]probot["'`]|[/\\]probot["'`]|probot[/\\]bin[/\\]probot/;
/** Probot's binary as a whole string: by its name, its `.bin` link or its bin file, under any folders. */
const BINARY =
  /^(?:probot|((?:[^"'`\s]*[/\\])?node_modules([/\\]))(?:(\.bin[/\\]probot)|probot[/\\]bin[/\\]probot(?:\.js)?))$/;
/** The command's name after the binary: `spawn("probot", ["run", ...])`, `["npx", "probot", "run"]`. */
const COMMAND_NAME = /^(?:run|receive)$/;
/** The keys that name what a process manager or a debugger runs (pm2's `script`, a launch configuration's `program`). */
const PROGRAM_KEYS = new Set(["script", "program"]);

type Edit = { start: number; end: number; text: string; line: number; before: string };

/**
 * Probot's command line started from a JavaScript or TypeScript file: `execSync("npx probot run ./index.js")`,
 * `spawn("npx", ["probot", "run", file])`, `spawn("node_modules/.bin/probot", ["receive", ...])`, pm2's
 * `ecosystem.config.js` (`script: "probot run ./index.js"`, `script: "probot"`). Each string moves as the same
 * command does in package.json's scripts; nothing but those strings changes, and the result must parse again.
 * Undefined when there is nothing to move (or the result would not parse: the file is left to the rest).
 */
export function moveCommandStrings(
  file: string,
  code: string,
  { webhookAtRoot = false }: { webhookAtRoot?: boolean } = {},
): (SourceLog & { code: string }) | undefined {
  if (!MAY_START_PROBOT.test(code)) return undefined;
  let ast: AnyNode;
  try {
    ast = parseWithBabel(file, code) as unknown as AnyNode;
  } catch {
    return undefined;
  }
  const edits: Edit[] = [];
  const log: SourceLog = { changes: [], problems: [] };
  const inner = (node: AnyNode) => code.slice((node.start as number) + 1, (node.end as number) - 1);
  const isString = (node: AnyNode | null | undefined): node is AnyNode => node?.type === "StringLiteral";
  const edit = (node: AnyNode, start: number, end: number, text: string) => {
    const before = code.slice(start, end);
    if (text !== before) edits.push({ start, end, text, line: node.loc?.start.line ?? 0, before });
  };
  /** A string that is Probot's binary alone, given its command's name elsewhere (an array, `args`). */
  const renameBinary = (node: AnyNode) => {
    const match = BINARY.exec(inner(node));
    if (!match) return;
    const [, folders, separator, bin] = match;
    const path = frameworkBinary(folders, separator, Boolean(bin));
    edit(node, (node.start as number) + 1, (node.end as number) - 1, path);
  };
  /** A command written out in a string (or a template's text): moved as a script's command. */
  const moveCommand = (node: AnyNode, start: number, end: number) => {
    const text = code.slice(start, end);
    const moved = moveProbotCommand(text);
    if (moved === text) return;
    edit(node, start, end, moved);
    if (webhookAtRoot && PROBOT_RUN_COMMAND.test(asProbotCommand(text))) {
      log.problems.push({ line: node.loc?.start.line ?? 0, ...ROOT_WEBHOOK_PATH });
    }
  };
  /** The binary as the first argument, its command's name first in the array after it: `spawn("probot", ["run"])`. */
  const spawnedBinary = (node: AnyNode) => {
    const [binary, args] = node.arguments as AnyNode[];
    const first = args?.type === "ArrayExpression" ? (args.elements as Array<AnyNode | null>)[0] : undefined;
    if (isString(binary) && isString(first) && COMMAND_NAME.test(first.value as string)) renameBinary(binary);
  };
  visit(ast, {
    visitStringLiteral(path) {
      const node = path.node as AnyNode;
      moveCommand(node, (node.start as number) + 1, (node.end as number) - 1);
      this.traverse(path);
    },
    visitTemplateElement(path) {
      const node = path.node as AnyNode;
      moveCommand(node, node.start as number, node.end as number);
      this.traverse(path);
    },
    visitArrayExpression(path) {
      const elements = (path.node as AnyNode).elements as Array<AnyNode | null>;
      elements.forEach((element, index) => {
        const next = elements[index + 1];
        if (isString(element) && isString(next) && COMMAND_NAME.test(next.value as string)) renameBinary(element);
      });
      this.traverse(path);
    },
    visitCallExpression(path) {
      spawnedBinary(path.node as AnyNode);
      this.traverse(path);
    },
    visitNewExpression(path) {
      spawnedBinary(path.node as AnyNode);
      this.traverse(path);
    },
    visitObjectProperty(path) {
      const node = path.node as AnyNode;
      const key = node.key as AnyNode;
      const name = key.type === "Identifier" ? key.name : isString(key) ? key.value : undefined;
      if (!node.computed && PROGRAM_KEYS.has(name as string) && isString(node.value)) renameBinary(node.value);
      this.traverse(path);
    },
  });
  if (edits.length === 0) return undefined;
  // One edit per range (a string renamed as a binary is not also a command), applied from the end.
  const unique = [...new Map(edits.map((e) => [`${e.start}:${e.end}`, e])).values()].sort((a, b) => b.start - a.start);
  let moved = code;
  for (const { start, end, text } of unique) moved = moved.slice(0, start) + text + moved.slice(end);
  try {
    parseWithBabel(file, moved);
  } catch {
    return undefined;
  }
  for (const { line, before, text } of unique.reverse()) {
    log.changes.push({ line, text: `${before.trim()} → ${text.trim()}` });
  }
  return { ...log, code: moved };
}

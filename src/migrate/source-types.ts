import type { types } from "recast";

/** A Babel AST node; fields are read by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNode = { type: string; loc?: { start: { line: number } } | null; [field: string]: any };

/** An ast-types path (recast's `visit`): a node with its parent, field name and scope. */
export type Path = types.NodePath<AnyNode>;

/** An ast-types scope; `declares` tells whether it binds a name itself. */
export type Scope = {
  lookup(name: string): Scope | null;
  declares(name: string): boolean;
  parent: Scope | null;
  isGlobal: boolean;
  node: AnyNode;
  getBindings(): Record<string, Path[]>;
};

export type Change = { line: number; text: string };

/** A call of something taken from "probot", by its Probot name: `new Probot({...})`. */
/** `fromAdapter`: the name came from a Probot adapter (`@probot/adapter-github-actions`), not from probot. */
export type CallSite = { imported: string; call: AnyNode; path: Path; fromAdapter?: boolean };

/** Something the migration could not do, with what the user should do. */
export type Problem = { line?: number | undefined; message: string; hint: string };

export type SourceLog = { changes: Change[]; problems: Problem[] };

/** For a file, what a module it names re-exports of probot: the names that module defines itself beside them. */
export type ProbotAliases = (specifier: string) => ReadonlySet<string> | undefined;

/**
 * `unproven`: a pass found something it cannot rewrite right, so the file is left as it was.
 * `aliases`: the app's own modules that hand on all of probot (probot-reexports.ts).
 */
export type SourceWork = SourceLog & {
  edits: SourceEdits;
  unproven?: boolean;
  aliases?: ProbotAliases | undefined;
  /** The context members of the base classes other files of the app export (context-base-classes.ts). */
  bases?: BaseClassMembers | undefined;
  /** Lines of routes and middleware written for Express on getRouter()'s routers (report-express-routes.ts). */
  expressRoutes?: number[];
};

/** A promise's own methods: a call of them uses the value as the promise it is. */
export const PROMISE_METHODS: ReadonlySet<string> = new Set(["then", "catch", "finally"]);

export function lineOf(node: AnyNode | null | undefined): number {
  return node?.loc?.start.line ?? 0;
}

/**
 * The module a specifier names: a string literal's value, or a template literal's without
 * expressions (`import(\`probot\`)`); undefined for anything computed.
 */
export function specifierText(node: AnyNode | null | undefined): string | undefined {
  if (node?.type === "StringLiteral") return node.value as string;
  if (node?.type === "TemplateLiteral" && (node.expressions as AnyNode[]).length === 0)
    return (node.quasis as AnyNode[])[0]?.value.cooked as string | undefined;
  return undefined;
}

/** An identifier's name, or a string literal's value, of a property key. */
export function keyName(node: AnyNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "StringLiteral" || (node.type === "Literal" && typeof node.value === "string"))
    return node.value as string;
  return undefined;
}

/** The name a member reads: `x.name`, `x["name"]` or x[`name`] (TypeScript's way into a private field). */
export function memberKey(node: AnyNode): string | undefined {
  const property = node.property as AnyNode;
  if (!node.computed) return keyName(property);
  if (property.type === "TemplateLiteral")
    return property.expressions.length === 0 ? property.quasis[0]?.value?.cooked : undefined;
  return property.type === "Identifier" ? undefined : keyName(property);
}

/**
 * What may stand between two tokens, for a regular expression that looks for them in a file's text
 * (the first look of app migrate at a file): spaces, line breaks, comments, and between a name and its
 * member's dot also a closing parenthesis, `?` or `!` (`(context)!.github`, `context // c` then a line
 * `.github`). Each alternative starts with its own character, and a comment runs to its end (a line
 * comment to the line's), so a text that does not match fails quickly: had a line comment's `//` been
 * free to start another, one of many slashes would take exponential time.
 */
const COMMENT = String.raw`\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/|\/\/[^\n\r\u2028\u2029]*(?![^\n\r\u2028\u2029])`;
export const TOKEN_GAP = String.raw`(?:\s|${COMMENT})*`;
export const MEMBER_DOT = String.raw`(?:[\s)!?]|${COMMENT})*\.${TOKEN_GAP}`;

/** A comment with the spaces after it. */
const COMMENT_AND_SPACE = /(?:\/\*[\s\S]*?\*\/|\/\/[^\n\r\u2028\u2029]*)\s*/g;

/** Where a node starts with the parentheses around it: `(("*"))` at the first. */
export function outerStart(node: AnyNode): number {
  return (node.extra?.parenStart as number | undefined) ?? (node.start as number);
}

/**
 * Takes `item` out of its list (an argument, a property, an import's name) with what stands around it
 * from `start` to `end`: spaces, a comma, parentheses. The comments there stay, each with the spaces
 * after it, as the rewrite is checked to keep every comment (verify-rewrite.ts): before the next item,
 * or after the one before (`end` is the item's).
 */
export function removeListItem(code: string, item: AnyNode, start: number, end: number, edits: SourceEdits): void {
  const around = [code.slice(start, item.start as number), code.slice(item.end as number, end)];
  let kept = around.flatMap((text) => text.match(COMMENT_AND_SPACE) ?? []).join("");
  if (kept) kept = end === item.end ? ` ${kept.trimEnd()}` : /\s$/.test(kept) ? kept : `${kept} `;
  edits.replace({ type: "Range", start, end } as AnyNode, kept);
}

/** Not recast.print: it rewrites whole return statements, adding semicolons to code written without. */
export class SourceEdits {
  readonly #byRange = new Map<string, { start: number; end: number; text: string }>();

  replace(node: AnyNode, text: string): void {
    if (typeof node.start === "number" && typeof node.end === "number") this.#set(node.start, node.end, text);
  }

  /** Replaces an identifier's name only (a TypeScript parameter's range also covers its type). */
  rename(identifier: AnyNode, name: string): void {
    const old = identifier.name as string;
    if (typeof identifier.start === "number") this.#set(identifier.start, identifier.start + old.length, name);
  }

  /** Inserts `text` at an offset of the original code. */
  insert(offset: number, text: string): void {
    this.#set(offset, offset, text);
  }

  get size(): number {
    return this.#byRange.size;
  }

  /** The code with every replacement; of two overlapping ones, the one that starts first and is longest wins. */
  apply(code: string): string {
    const edits = [...this.#byRange.values()].sort((a, b) => a.start - b.start || b.end - a.end);
    let result = "";
    let at = 0;
    this.applied = [];
    for (const edit of edits) {
      if (edit.start < at) continue; // inside an edit already made
      result += code.slice(at, edit.start) + withLineEnding(edit.text, code, edit.start);
      at = edit.end;
      this.applied.push([edit.start, edit.end]);
    }
    return result + code.slice(at);
  }

  /** The text of `code` from `start` to `end` with the edits made inside that range so far. */
  textOf(code: string, start: number, end: number): string {
    const inside = new SourceEdits();
    for (const edit of this.#byRange.values())
      if (edit.start >= start && edit.end <= end) inside.#set(edit.start - start, edit.end - start, edit.text);
    return inside.apply(code.slice(start, end));
  }

  /** The ranges of the original code that the last `apply` replaced, in order. */
  applied: Array<[start: number, end: number]> = [];

  #set(start: number, end: number, text: string): void {
    this.#byRange.set(`${start}:${end}`, { start, end, text });
  }
}

/**
 * `text` with its line breaks written as the line it goes into ends (`\r\n` in a file written with
 * CRLF, even a mixed one; a lone `\r` in one written on classic Mac OS), so an inserted line looks like
 * its neighbours. The last line, which has no end, takes the one before it.
 */
function withLineEnding(text: string, code: string, at: number): string {
  if (!text.includes("\n")) return text;
  const next = new RegExp(LINE_END.source, "g");
  next.lastIndex = at;
  const ending = next.exec(code)?.[0] ?? [...code.slice(0, at).matchAll(new RegExp(LINE_END.source, "g"))].pop()?.[0];
  return ending && ending !== "\n" ? text.replace(/\r?\n/g, ending) : text;
}

/** A line end: CRLF, a lone CR (JavaScript reads both), or LF. */
export const LINE_END = /\r\n?|\n/;

/** Sets a string literal's value, in the quotes it was written with. */
export function setString(literal: AnyNode, value: string, edits: SourceEdits): void {
  if (literal.type === "TemplateLiteral") {
    // `probot`, a template without expressions: it stays one.
    edits.replace(literal, `\`${value}\``);
    literal.value = value;
    return;
  }
  const raw: string | undefined = literal.extra?.raw ?? literal.raw;
  const quote = raw?.startsWith("'") ? "'" : '"';
  edits.replace(literal, `${quote}${value}${quote}`);
  literal.value = value;
  literal.extra = { ...literal.extra, raw: `${quote}${value}${quote}`, rawValue: value };
}

/**
 * The members the class that module `specifier` exports as `name` declares with the context's
 * type, with those of its own base classes: a subclass in another file reads them off `this`.
 */
export type BaseClassMembers = (specifier: string, name: string) => ReadonlySet<string> | undefined;

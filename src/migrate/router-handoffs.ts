import { visit } from "recast";
import { localFunction } from "./declared-values.js";
import type { RouterHandoff } from "./router-values.js";
import { keyName, type AnyNode, type Path } from "./source-types.js";

/** What a file learns from the others: its export `name` takes a router as argument `index`. */
export type RouterParam = { name: string; index: number };

type Target = Omit<RouterHandoff, "index">;

/**
 * The function of another file a call goes to, by the names the file binds to relative modules:
 * `require("./x")(...)`, `routes(...)` (`const routes = require("./x")`, `import routes from "./x"`),
 * `addRoutes(...)` (`import { addRoutes } from "./x"`), `routes.add(...)`.
 */
export function relativeCallTargets(ast: AnyNode): (callee: AnyNode) => Target | undefined {
  const bound = new Map<string, Target>();
  visit(ast, {
    visitImportDeclaration(path) {
      const node = path.node as AnyNode;
      const module = node.source.value as string;
      if (module.startsWith("."))
        for (const specifier of node.specifiers as AnyNode[]) {
          const name =
            specifier.type === "ImportSpecifier"
              ? (keyName(specifier.imported) ?? "")
              : specifier.type === "ImportDefaultSpecifier"
                ? "default"
                : "*";
          bound.set(specifier.local.name as string, { module, name });
        }
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      const { id, init } = path.node as AnyNode;
      const module = relativeRequire(init);
      if (module && id.type === "Identifier") bound.set(id.name as string, { module, name: "default" });
      if (module && id.type === "ObjectPattern")
        for (const property of id.properties as AnyNode[])
          if (property.value?.type === "Identifier")
            bound.set(property.value.name as string, { module, name: keyName(property.key) ?? "" });
      this.traverse(path);
    },
  });
  return (callee) => {
    const required = relativeRequire(callee);
    if (required) return { module: required, name: "default" };
    if (callee.type === "Identifier") {
      const target = bound.get(callee.name as string);
      return target?.name === "*" ? undefined : target;
    }
    if (callee.type === "MemberExpression" && !callee.computed && (callee.object as AnyNode).type === "Identifier") {
      const target = bound.get((callee.object as AnyNode).name as string);
      const member = keyName(callee.property);
      if (target && member && (target.name === "*" || target.name === "default"))
        return { module: target.module, name: member };
    }
    return undefined;
  };
}

function relativeRequire(node: AnyNode | null | undefined): string | undefined {
  if (node?.type !== "CallExpression") return undefined;
  const callee = node.callee as AnyNode;
  const [first] = node.arguments as AnyNode[];
  const module = callee.type === "Identifier" && callee.name === "require" && first ? keyName(first) : undefined;
  return module?.startsWith(".") ? module : undefined;
}

/** The functions a file exports, by export name ("default" for `module.exports =` and `export default`). */
export function exportedFunctions(ast: AnyNode): Map<string, AnyNode> {
  const found = new Map<string, AnyNode>();
  const add = (name: string | undefined, path: Path) => {
    const fn = name === undefined ? undefined : localFunction(path);
    if (fn && name !== undefined) found.set(name, fn);
  };
  visit(ast, {
    visitAssignmentExpression(path) {
      const left = path.node.left as AnyNode;
      const target = memberText(left);
      if (/^(module\.exports|exports\.default|module\.exports\.default)$/.test(target)) {
        add("default", path.get("right") as Path);
        const right = path.node.right as AnyNode;
        if (right.type === "ObjectExpression")
          for (const [index, property] of (right.properties as AnyNode[]).entries())
            if (property.type === "ObjectProperty" && !property.computed)
              add(keyName(property.key), path.get("right", "properties", index, "value") as Path);
      } else if (/^(module\.)?exports\.[\w$]+$/.test(target)) add(target.split(".").pop(), path.get("right") as Path);
      this.traverse(path);
    },
    visitExportDefaultDeclaration(path) {
      add("default", path.get("declaration") as Path);
      this.traverse(path);
    },
    visitTSExportAssignment(path) {
      add("default", path.get("expression") as Path);
      this.traverse(path);
    },
    visitExportNamedDeclaration(path) {
      const declaration = (path.node as AnyNode).declaration as AnyNode | null;
      if (declaration?.type === "FunctionDeclaration") found.set(declaration.id.name as string, declaration);
      if (declaration?.type === "VariableDeclaration")
        for (const [index, declarator] of (declaration.declarations as AnyNode[]).entries())
          if (declarator.id.type === "Identifier" && declarator.init)
            add(declarator.id.name as string, path.get("declaration", "declarations", index, "init") as Path);
      this.traverse(path);
    },
  });
  return found;
}

function memberText(node: AnyNode): string {
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "MemberExpression" && !node.computed)
    return `${memberText(node.object)}.${keyName(node.property) ?? ""}`;
  return "";
}

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findFrameworkRoot } from "./find-framework-root.js";

export type TemplateInfo = { name: string; description: string };

export const DEFAULT_TEMPLATE = "typescript";

export function getTemplatesDir(): string {
  return join(findFrameworkRoot(), "templates");
}

export function listTemplates(templatesDir: string): TemplateInfo[] {
  return readdirSync(templatesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "__common__")
    .filter((entry) => existsSync(join(templatesDir, entry.name, "description.txt")))
    .map((entry) => ({
      name: entry.name,
      description: readFileSync(join(templatesDir, entry.name, "description.txt"), "utf8").trim(),
    }))
    .sort(
      (a, b) =>
        Number(b.name === DEFAULT_TEMPLATE) - Number(a.name === DEFAULT_TEMPLATE) || a.name.localeCompare(b.name),
    );
}

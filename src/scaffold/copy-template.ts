import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { AppError } from "../errors.js";
import { listTemplates } from "./list-templates.js";
import { escapeFor, renderTemplate } from "./render-template.js";

export type CopyTemplateOptions = {
  templatesDir: string;
  template: string;
  directory: string;
  values: Readonly<Record<string, string>>;
};

// npm leaves .gitignore out of published packages, so templates store it without the dot.
const RENAMED: Readonly<Record<string, string>> = { gitignore: ".gitignore" };

export async function copyTemplate({
  templatesDir,
  template,
  directory,
  values,
}: CopyTemplateOptions): Promise<string[]> {
  const own = join(templatesDir, template);
  const ownFiles = await listFiles(own).catch(() => {
    throw new AppError("TEMPLATE_NOT_FOUND", `There is no template "${template}".`, {
      hint: `Use one of: ${listTemplates(templatesDir)
        .map((known) => known.name)
        .join(", ")}.`,
    });
  });
  const files = new Map<string, string>();
  for (const file of await listFiles(join(templatesDir, "__common__")))
    files.set(relative(join(templatesDir, "__common__"), file), file);
  for (const file of ownFiles) files.set(relative(own, file), file);
  files.delete("description.txt");

  const written: string[] = [];
  for (const [path, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const target = join(dirname(path), RENAMED[basename(path)] ?? basename(path));
    const text = renderTemplate(await readFile(source, "utf8"), values, escapeFor(basename(path)));
    await mkdir(dirname(join(directory, target)), { recursive: true });
    await writeFile(join(directory, target), text);
    written.push(target);
  }
  return written;
}

async function listFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

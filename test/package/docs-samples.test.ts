import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { packedProject } from "../helpers/packed-project.js";
import { exec } from "../helpers/test-tools.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs")).flatMap((name) => (name.endsWith(".md") ? [`docs/${name}`] : [])),
];
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");
const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** The anchors GitHub gives a page's headings (and explicit `<a name>` / `id`s). */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = withoutCode(read(page));
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = heading!
      .replace(/`/g, "")
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

// A user copies these as they are: a link must lead somewhere, and a TypeScript sample must compile.
describe("the docs' links and TypeScript samples", function () {
  this.timeout(180_000);

  it("every link between the docs leads to a file that exists, and to a heading of it", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const [, href] of withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(href!)) continue;
        const [path, anchor] = href!.split("#");
        const target = path ? join(dirname(page), path) : page;
        if (!existsSync(join(ROOT, target))) broken.push(`${page}: ${href} (no such file)`);
        else if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(target).has(anchor)) {
          broken.push(`${page}: ${href} (no such heading)`);
        }
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it("every TypeScript sample that imports the package compiles under --strict against the packed package", async () => {
    const tmp = await mkdtemp(join(tmpdir(), "docs-samples-"));
    try {
      const project = await packedProject(tmp);
      await writeFile(join(project, "package.json"), '{ "name": "docs-samples", "private": true, "type": "module" }\n');
      // What the samples say the reader has: an app function in ./app.js, and Deno's `serve`.
      await writeFile(
        join(project, "app.ts"),
        'import type { ApplicationFunction } from "gh-app-kit";\nconst appFn: ApplicationFunction = () => {};\nexport default appFn;\n',
      );
      const files = ["app.ts"];
      for (const page of PAGES) {
        const text = read(page);
        for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
          let sample = match[1]!;
          if (!/^import .* from "gh-app-kit";$/m.test(sample)) continue;
          if (/\bappFn\b/.test(sample) && !/\b(?:const|function|import) appFn\b/.test(sample)) {
            sample += 'declare const appFn: import("gh-app-kit").ApplicationFunction;\n';
          }
          if (/\bDeno\./.test(sample)) {
            sample += "declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };\n";
          }
          const line = text.slice(0, match.index).split("\n").length + 1;
          const name = `${page.replace(/\W/g, "_")}_${line}.ts`;
          await writeFile(join(project, name), `${sample}export {};\n`);
          files.push(name);
        }
      }
      expect(files.length, "samples found").to.be.greaterThan(4);
      const compilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        module: "nodenext",
        target: "es2022",
        types: ["node"],
      };
      await writeFile(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
      const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
      const result = await exec(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project });
      // Each error names the page and the line its sample starts at (docs_proxy_md_34.ts: docs/proxy.md, line 34).
      expect(result.stdout + result.stderr).to.equal("");
      expect(result.code).to.equal(0);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});

import { expect } from "chai";
import { mkdir, readdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { exec } from "./test-tools.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A project in `folder/project` with the package as `npm pack` makes it (the files a user
 * installs, in node_modules/gh-app-kit) and its dependencies as npm would install them: the ones
 * this checkout has, linked. No registry needed. Resolves with the project's path.
 */
export async function packedProject(folder: string): Promise<string> {
  const packed = await exec("npm", ["pack", "--pack-destination", folder, "--loglevel=error"], { cwd: root });
  expect(packed.code, packed.stderr).to.equal(0);
  const tarball = join(folder, packed.stdout.trim().split("\n").pop()!);
  const project = join(folder, "project");
  const installed = join(project, "node_modules/gh-app-kit");
  await mkdir(installed, { recursive: true });
  const extracted = await exec("tar", ["xzf", tarball, "-C", installed, "--strip-components=1"], { cwd: folder });
  expect(extracted.code, extracted.stderr).to.equal(0);
  for (const entry of await readdir(join(root, "node_modules"))) {
    if (entry.startsWith(".") || entry === "gh-app-kit") continue;
    await symlink(join(root, "node_modules", entry), join(project, "node_modules", entry));
  }
  return project;
}

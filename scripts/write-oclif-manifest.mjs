// Writes oclif.manifest.json after each build, so `app --version`, `--help`
// and every command start without importing all commands (oclif reads the
// manifest instead). Run by `npm run build`; the file is not committed.
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Plugin } from "@oclif/core";

const root = fileURLToPath(new URL("..", import.meta.url));
const manifestPath = new URL("../oclif.manifest.json", import.meta.url);

rmSync(manifestPath, { force: true }); // never build a manifest from a stale one
const plugin = new Plugin({ root, type: "core", ignoreManifest: true, errorOnManifestCreate: true });
await plugin.load();
const commands = Object.keys(plugin.manifest.commands);
if (commands.length === 0) throw new Error("oclif found no commands in dist/commands: build first.");
writeFileSync(manifestPath, `${JSON.stringify(plugin.manifest, null, 2)}\n`);
console.log(`oclif.manifest.json: ${commands.sort().join(", ")}`);

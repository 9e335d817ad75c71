#!/usr/bin/env node
import { readFileSync } from "node:fs";

// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by package
// or file, and the hottest functions. Usage:
//   node bench/tools/summarize-profile.js <file.cpuprofile> [top=25]
const [file, topArg = "25"] = process.argv.slice(2);
if (!file) {
  console.error("Usage: node bench/tools/summarize-profile.js <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let index = 0; index < profile.samples.length; index++) {
  const id = profile.samples[index];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
const byGroup = new Map();
const byFunction = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const group = groupOf(callFrame.url) || `(${callFrame.functionName || "program"})`;
  byGroup.set(group, (byGroup.get(group) ?? 0) + micros);
  const name = `${callFrame.functionName || "(anonymous)"} ${shorten(callFrame.url)}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}
print(`Self time by package/file (total ${(total / 1000).toFixed(0)} ms)`, byGroup);
print("Hottest functions (self time)", byFunction);

function print(title, map) {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`,
    );
  }
}

function groupOf(url) {
  if (!url) return "";
  if (url.startsWith("node:")) return url;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return match ? match[1] : shorten(url);
}

function shorten(url) {
  return url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "~/")
    .replace(/^\/work\/main\//, "");
}

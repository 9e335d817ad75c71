// Fails when source files import each other in a circle, type-only imports
// included (ESLint's import-x/no-cycle skips those). Run by `npm run lint`.
import madge from "madge";

// Circles allowed for now, each with the reason; none is. Do not add to it.
const KNOWN = new Set([]);

const graph = await madge("src", {
  fileExtensions: ["ts"],
  tsConfig: "tsconfig.json",
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
});
const circles = graph.circular().map((files) => files.join(" > "));
const unknown = circles.filter((circle) => !KNOWN.has(circle));
for (const circle of unknown) console.error(`Import circle: ${circle}`);
if (unknown.length > 0) {
  console.error("Break each circle: move the shared type or function to a file both can import.");
  process.exit(1);
}
console.log(`No import circles (${circles.length} known, listed in scripts/check-import-cycles.mjs).`);

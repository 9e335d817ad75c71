// Fails when source files import each other in a circle, type-only imports
// included (ESLint's import-x/no-cycle skips those). Run by `npm run lint`.
import madge from "madge";

// Circles other branches of issue 18 are removing at the same time; each
// goes when that work is merged. Do not add to this list.
const KNOWN = new Set([
  // Removed with load-app-client.ts by the client-loading step.
  "client/app-client.ts > client/load-app-client.ts",
]);

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

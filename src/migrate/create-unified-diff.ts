import { createTwoFilesPatch } from "diff";

/** `a/` and `b/` prefixes, so `git apply` and `patch -p1` take it. */
export function createUnifiedDiff(file: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 });
  // jsdiff starts with an "Index:"-less "===" line only when headers are given; drop its header comment line.
  return patch.replace(/^=+\n/m, "");
}

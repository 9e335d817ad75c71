/**
 * The `!` inserted into one file, round after round: where each one stands in the file as it was
 * before the first (`original`), which is what the check of the rewrite compares against.
 */
export class NonNullInsertions {
  /** Offsets, in the text as it was, of the expressions' ends each `!` follows. */
  readonly original: number[] = [];
  /** Offsets of the `!` characters in the text as it is now. */
  private current: number[] = [];

  /** `text` with a `!` at each of `positions` (offsets in `text`, the text as it is now). */
  insert(text: string, positions: readonly number[]): string {
    const sorted = [...new Set(positions)].sort((a, b) => a - b);
    for (const position of sorted) this.original.push(position - this.current.filter((at) => at < position).length);
    const moved = this.current.map((at) => at + sorted.filter((position) => position <= at).length);
    const added = sorted.map((position, index) => position + index);
    this.current = [...moved, ...added].sort((a, b) => a - b);
    let result = text;
    for (const position of [...sorted].reverse()) result = `${result.slice(0, position)}!${result.slice(position)}`;
    return result;
  }
}

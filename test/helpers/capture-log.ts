/** A pino destination that keeps every line in memory. */
export type LogCapture = {
  /** Pass as pino's destination (or `getLog({ destination })`). */
  stream: { write(line: string): void };
  /** Every line written so far, without the trailing newline. */
  lines(): string[];
  /** All lines joined by "\n": handy for `expect(text()).not.to.include(secret)`. */
  text(): string;
  /** Each JSON line parsed; lines that are not a JSON object are skipped. */
  records(): Array<Record<string, unknown>>;
  clear(): void;
};

/**
 * @example
 * const capture = createLogCapture();
 * const log = pino({}, capture.stream);
 * log.info({ id: 1 }, "hello");
 * expect(capture.records()[0]).to.include({ msg: "hello", id: 1 });
 */
export function createLogCapture(): LogCapture {
  let captured: string[] = [];
  return {
    stream: {
      write(chunk: string) {
        // pino writes one line per call, but other writers may batch lines.
        for (const line of String(chunk).split("\n")) {
          if (line !== "") captured.push(line);
        }
      },
    },
    lines: () => [...captured],
    text: () => captured.join("\n"),
    records: () => captured.flatMap(parseRecord),
    clear() {
      captured = [];
    },
  };
}

function parseRecord(line: string): Array<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? [value as Record<string, unknown>]
      : [];
  } catch {
    return [];
  }
}

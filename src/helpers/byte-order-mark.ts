/**
 * A leading byte order mark apart from the rest of the text: Windows editors save one, Node and npm
 * skip it when they read package.json, and JSON.parse and the YAML parser refuse it.
 */
export function splitByteOrderMark(text: string): [mark: "" | "\uFEFF", rest: string] {
  return text.startsWith("\uFEFF") ? ["\uFEFF", text.slice(1)] : ["", text];
}

export function withoutByteOrderMark(text: string): string {
  return splitByteOrderMark(text)[1];
}

/** JSON.parse for the text of a file a user wrote, past its byte order mark. */
export function parseJsonFile(text: string): unknown {
  return JSON.parse(withoutByteOrderMark(text));
}

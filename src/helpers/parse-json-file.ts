/**
 * JSON.parse for the text of a file a user wrote: a leading byte order mark, which Windows editors
 * save and Node and npm skip when they read package.json, is skipped too.
 */
export function parseJsonFile(text: string): unknown {
  return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
}

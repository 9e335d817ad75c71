const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Every value put into a page goes through it: package fields and environment variables are user data. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (character) => ENTITIES[character]!);
}

/** How a value is written into a file: as is, or inside a JSON (or JS, YAML) string. */
export type Escape = (value: string) => string;

export const RAW: Escape = (value) => value;
export const IN_JSON_STRING: Escape = (value) => JSON.stringify(value).slice(1, -1);

// `{{name}}`, but not GitHub Actions' `${{ ... }}`.
const PLACEHOLDER = /(?<!\$)\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** No code is evaluated; an unknown key is a bug in the template and throws. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>, escape: Escape = RAW): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`The template uses {{${key}}}, which has no value.`);
    return escape(values[key]!);
  });
}

export function escapeFor(fileName: string): Escape {
  return /(\.md|\.txt|\.example|^gitignore)$/.test(fileName) ? RAW : IN_JSON_STRING;
}

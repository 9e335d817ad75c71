/** The key of a config file that names the base config it extends. */
export const BASE_KEY = "_extends";

/**
 * A base config reference, `[org/]project[:filename]`, case-insensitive:
 * - `org`: 1 to 39 letters, digits and hyphens, starting with a letter or
 *   digit, each hyphen followed by a letter or digit;
 * - `project`: letters, digits, `-`, `_` and `.`;
 * - `filename`: letters, digits, `-`, `_`, `.` and `/`, ending in `.yml` or `.yaml`.
 */
export const BASE_REGEX = /^(?:([a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38})\/)?([-_.a-z\d]+)(?::([-_./a-z\d]+\.ya?ml))?$/i;

/** The hidden folder of a repository that holds config files. */
export const CONFIG_PATH = ".github";

/** The repository of the owner that holds shared config: the same hidden name. */
export const DEFAULT_BASE = ".github";

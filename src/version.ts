/** The framework's version; a release replaces the placeholder. */
export const VERSION = "0.0.0-development";

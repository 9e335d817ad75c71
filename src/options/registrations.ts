import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { AppError } from "../errors.js";
import { validatePrivateKey, type KeySettings } from "../private-key/validate-private-key.js";
import { platformUrls } from "./platform-urls.js";

/**
 * One app registration served by the process: its app id, key and webhook
 * secret, on github.com or the platform at `baseUrl`.
 */
export type RegistrationOptions = {
  appId: number | string;
  /** The private key (PEM, PKCS#1 or #8, `\n`-escaped or base64). */
  privateKey: string;
  /** The webhook secret set in this registration's settings. */
  secret: string;
  /** Earlier webhook secrets still accepted while this registration's secret is rotated. */
  additionalSecrets?: readonly string[] | undefined;
  /** The platform's API base URL; default github.com (`https://api.github.com`). */
  baseUrl?: string | undefined;
  /** Shown in logs and `context.registration`, e.g. "staging". */
  name?: string | undefined;
};

/** Which registration a delivery is for, as handlers see it (`context.registration`): no secret. */
export type RegistrationInfo = {
  readonly appId: number | undefined;
  readonly name: string | undefined;
  /** The platform's API base URL; undefined: github.com. */
  readonly baseUrl: string | undefined;
};

/** A registration checked and read: the app id a number, the key a PEM. */
export type RegistrationSettings = {
  appId: number;
  privateKey: string;
  secret: string;
  /** Only when some are listed. */
  additionalSecrets?: string[];
  baseUrl: string | undefined;
  name: string | undefined;
};

const KNOWN = new Set(["appId", "privateKey", "privateKeyPath", "secret", "additionalSecrets", "baseUrl", "name"]);

export type ValidateRegistrationsOptions = {
  /** Where the list came from, for messages: "the registrations option", "APP_REGISTRATIONS (regs.yml)". */
  source: string;
  /** `privateKeyPath` is allowed (a file's entries), resolved from this folder. */
  keyFolder?: string | undefined;
};

/**
 * Checks a list of registrations (from code or a file) and reads their keys.
 * Each error names the entry, the field and what to do; never a secret.
 */
export function validateRegistrations(given: unknown, { source, keyFolder }: ValidateRegistrationsOptions) {
  if (!Array.isArray(given) || given.length === 0) {
    throw invalid(`${source} must be a non-empty list of registrations, got ${describe(given)}.`);
  }
  const settings = given.map((entry, index) => validateEntry(entry, `${source}: entry ${index + 1}`, keyFolder));
  const seen = new Map<string, number>();
  settings.forEach((registration, index) => {
    const key = `${platformUrls(registration.baseUrl).apiUrl}#${registration.appId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw invalid(
        `${source}: entries ${first + 1} and ${index + 1} are both app ${registration.appId} on ${platformUrls(registration.baseUrl).apiUrl}.`,
        "List each registration once.",
      );
    }
    seen.set(key, index);
  });
  return settings;
}

function validateEntry(entry: unknown, where: string, keyFolder: string | undefined): RegistrationSettings {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw invalid(`${where} must be an object { appId, privateKey, secret, baseUrl?, name? }, got ${describe(entry)}.`);
  }
  const record = entry as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    throw invalid(
      `${where} has unknown field(s) ${unknown.map((key) => `"${key}"`).join(", ")}.`,
      `The fields are appId, privateKey${keyFolder === undefined ? "" : " or privateKeyPath"}, secret, additionalSecrets, baseUrl and name.`,
    );
  }
  const name = optionalText(record.name, `${where}: name`);
  const label = name === undefined ? where : `${where} ("${name}")`;
  return {
    appId: appIdOf(record.appId, label),
    privateKey: keyOf(record, label, keyFolder),
    secret: requiredText(record.secret, `${label}: secret`, "Set it to the webhook secret of this app's settings."),
    ...additionalSecretsOf(record.additionalSecrets, label),
    baseUrl: baseUrlOf(record.baseUrl, label),
    name,
  };
}

function appIdOf(value: unknown, label: string): number {
  const appId = typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;
  if (typeof appId !== "number" || !Number.isSafeInteger(appId) || appId <= 0) {
    throw invalid(
      // An app id is no secret: shown as read.
      `${label}: appId must be a positive whole number, got ${typeof value === "number" ? value : describe(value)}.`,
      "Set it to the App ID shown in the app's settings.",
    );
  }
  return appId;
}

/** PRIVATE_KEY and PRIVATE_KEY_PATH are refused beside registrations: the hints name the entry's fields. */
const ENTRY_KEY_SETTINGS: KeySettings = {
  notPem:
    "Set the entry's privateKey to the key's contents (PEM, \\n-escaped or base64), or privateKeyPath to the path of its .pem file.",
  keyFile: "set the entry's privateKeyPath to the path of the .pem file",
  multiline:
    "In YAML, write privateKey as a block (privateKey: | then the key's lines, indented); in JSON, with \\n between its lines",
};

/** The registrations option takes no privateKeyPath. */
const OPTION_KEY_SETTINGS: KeySettings = {
  notPem: "Set its privateKey to the key's contents (PEM, \\n-escaped or base64).",
  keyFile: "read the whole .pem file into privateKey",
  multiline: "Keep the key's line breaks, or write \\n between its lines",
};

function keyOf(record: Record<string, unknown>, label: string, keyFolder: string | undefined): string {
  const { privateKey, privateKeyPath } = record;
  if (privateKeyPath !== undefined && keyFolder === undefined) {
    throw invalid(`${label}: privateKeyPath is only read from an APP_REGISTRATIONS file.`, "Pass privateKey instead.");
  }
  if (privateKey !== undefined && privateKeyPath !== undefined) {
    throw invalid(`${label} has both privateKey and privateKeyPath.`, "Keep one of them.");
  }
  if (privateKeyPath !== undefined) {
    const path = resolve(keyFolder!, requiredText(privateKeyPath, `${label}: privateKeyPath`, "Name the .pem file."));
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw invalid(
        `${label}: the private key file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}).`,
        "privateKeyPath is resolved from the folder of the APP_REGISTRATIONS file; check the path.",
      );
    }
    return validatePrivateKey(text, `The private key file of ${label}`, ENTRY_KEY_SETTINGS);
  }
  const given = requiredText(
    privateKey,
    `${label}: privateKey`,
    keyFolder === undefined
      ? "Set it to the app's private key (PEM)."
      : "Set privateKey to the key (PEM), or privateKeyPath to its .pem file.",
  );
  return validatePrivateKey(
    given,
    `The private key of ${label}`,
    keyFolder === undefined ? OPTION_KEY_SETTINGS : ENTRY_KEY_SETTINGS,
  );
}

function baseUrlOf(value: unknown, label: string): string | undefined {
  const baseUrl = optionalText(value, `${label}: baseUrl`);
  if (baseUrl === undefined) return undefined;
  if (!/^https?:\/\//i.test(baseUrl)) {
    throw invalid(
      `${label}: baseUrl must be an http(s) URL, got "${baseUrl}".`,
      "Use https://<host>/api/v3 for GitHub Enterprise Server, https://api.<tenant>.ghe.com for GHE.com; leave it out for github.com.",
    );
  }
  platformUrls(baseUrl);
  return baseUrl.replace(/\/+$/, "");
}

/** The secrets a rotation still accepts: a list of non-empty strings (or nothing). */
function additionalSecretsOf(value: unknown, label: string): { additionalSecrets?: string[] } {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return {};
  if (!Array.isArray(value) || value.some((each) => typeof each !== "string" || each.trim() === "")) {
    throw invalid(
      `${label}: additionalSecrets must be a list of non-empty strings, got ${describe(value)}.`,
      "List the previous webhook secret(s) of this registration: additionalSecrets: [oldSecret].",
    );
  }
  return { additionalSecrets: value as string[] };
}

function requiredText(value: unknown, label: string, hint: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw invalid(
      `${label} is ${value === undefined ? "missing" : `not a non-empty string (${describe(value)})`}.`,
      typeof value === "number" || typeof value === "boolean" ? `${hint} ${QUOTE_HINT}` : hint,
    );
  }
  return value;
}

/** A secret of digits (or `0123e5`, `true`), unquoted in YAML, is read as a number or a boolean. */
const QUOTE_HINT = "In YAML, put it in quotes: unquoted, digits are read as a number.";

function optionalText(value: unknown, label: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw invalid(`${label} must be a string, got ${describe(value)}.`);
  return value.trim() === "" ? undefined : value;
}

/** The type of a value, never its contents: it may be a secret. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function invalid(message: string, hint = "See docs/registrations.md for the format."): AppError {
  return new AppError("REGISTRATIONS_INVALID", message, { hint });
}

/** What `registrations` replaces; set beside it, one of the two would be silently ignored. */
const REPLACED = [
  "appId",
  "id",
  "privateKey",
  "cert",
  "secret",
  "additionalSecrets",
  "baseUrl",
  "platformToken",
] as const;

type WithRegistrations = { registrations?: readonly RegistrationOptions[] | undefined } & {
  [K in (typeof REPLACED)[number]]?: unknown;
};

/**
 * Unfolds `registrations`: the first one's credentials become the App's own
 * (so one registration is exactly the plain options), the others are returned.
 */
export function applyRegistrations<T extends WithRegistrations>(
  options: T,
): { options: T; name: string | undefined; others: RegistrationSettings[] } {
  if (options.registrations === undefined) return { options, name: undefined, others: [] };
  const alsoSet = REPLACED.filter((key) => options[key] !== undefined && options[key] !== "");
  if (alsoSet.length > 0) {
    throw invalid(
      `The registrations option is set, and so is ${alsoSet.join(", ")}.`,
      "Keep one way: each registration brings its appId, privateKey, secret (and additionalSecrets) and baseUrl (or remove registrations).",
    );
  }
  const [first, ...others] = validateRegistrations(options.registrations, { source: "The registrations option" });
  const { appId, privateKey, secret, additionalSecrets, baseUrl, name } = first!;
  return {
    options: { ...options, registrations: undefined, appId, privateKey, secret, additionalSecrets, baseUrl },
    name,
    others,
  };
}

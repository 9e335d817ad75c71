import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { AppError } from "../errors.js";

export type RecordedEvent = {
  name: string;
  action: string | undefined;
  payload: Record<string, unknown> & { action?: unknown };
};

const EVENT = /^([a-z][a-z0-9_]*)(?:\.(\S+))?$/;

export function readEvent({
  event,
  payloadPath,
  cwd,
}: {
  event: string | undefined;
  payloadPath: string | undefined;
  cwd: string;
}): RecordedEvent {
  const { name, action } = parseEvent(event);
  const payload = readPayload(payloadPath, cwd);
  if (action !== undefined && payload.action !== action) throw actionMismatch(name, action, payload.action);
  return { name, action: typeof payload.action === "string" ? payload.action : undefined, payload };
}

function parseEvent(value: string | undefined): { name: string; action: string | undefined } {
  if (value === undefined || value.trim() === "") {
    throw new AppError("OPTION_INVALID", "No event was given.", {
      hint: "Pass -e/--event (e.g. -e issues.opened) or set GITHUB_EVENT_NAME.",
    });
  }
  const match = EVENT.exec(value.trim());
  if (!match) {
    throw new AppError("OPTION_INVALID", `"${value}" is not an event name.`, {
      hint: "Give the event as EVENT or EVENT.ACTION in lower case, e.g. -e issues or -e issues.opened.",
    });
  }
  return { name: match[1]!, action: match[2] };
}

function readPayload(path: string | undefined, cwd: string): Record<string, unknown> & { action?: unknown } {
  if (path === undefined || path.trim() === "") {
    throw new AppError("OPTION_INVALID", "No payload file was given.", {
      hint: "Pass -p/--payload-path with the JSON file of the event, or set GITHUB_EVENT_PATH.",
    });
  }
  const file = resolve(cwd, path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "does not exist" : code === "EISDIR" ? "is a folder" : `cannot be read (${code})`;
    throw new AppError("PAYLOAD_NOT_FOUND", `The payload file ${path} ${reason}.`, {
      hint: `Check the path given by -p or GITHUB_EVENT_PATH; a relative path is resolved from ${cwd}.`,
      cause,
    });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (cause) {
    throw new AppError("PAYLOAD_INVALID", `The payload file ${path} is not JSON: ${(cause as Error).message}.`, {
      hint: "Save the event's payload exactly as the platform sent it.",
      cause,
    });
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    throw new AppError(
      "PAYLOAD_INVALID",
      `The payload file ${path} holds ${Array.isArray(payload) ? "an array" : String(payload)}, not a JSON object.`,
      {
        hint: 'A webhook payload is one JSON object such as { "action": "opened", ... }.',
      },
    );
  }
  return payload as Record<string, unknown>;
}

function actionMismatch(name: string, action: string, actual: unknown): AppError {
  const found = typeof actual === "string" ? `the payload's action is "${actual}"` : "the payload has no action";
  return new AppError(
    "EVENT_ACTION_MISMATCH",
    `The event ${name}.${action} names the action "${action}", but ${found}.`,
    {
      hint: `Pass -e ${name} to take the action from the payload, or a payload whose action is "${action}".`,
    },
  );
}

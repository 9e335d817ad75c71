import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import {
  asProbotCommand,
  frameworkBinary,
  frameworkBinFile,
  moveProbotCommand,
  PROBOT_BIN_FILE_NAME,
  PROBOT_RUN_COMMAND,
  ROOT_WEBHOOK_PATH,
} from "./migrate-package-json.js";
import type { SourceLog } from "./source-types.js";

/**
 * Files besides package.json that start the app with Probot's command line: process files,
 * container files, deploy manifests, process managers' files (pm2's ecosystem), shell scripts and CI workflows.
 */
const COMMAND_FILE =
  /^(Procfile|Dockerfile(\..+)?|.+\.dockerfile|Containerfile|(docker-)?compose(\..+)?\.ya?ml|app\.json|vercel\.json|now\.json|serverless\.ya?ml|netlify\.toml|fly\.toml|render\.yaml|nodemon\.json|(ecosystem(\.config)?|pm2)\.(json|ya?ml)|Makefile|.+\.(sh|service|ps1|cmd|bat))$/;
/** CI workflows, and the editor's launch configurations (VS Code's "program" of a debug run). */
const WORKFLOW = /^(\.github\/workflows\/[^/]+\.ya?ml|\.vscode\/launch\.json)$/;
const SKIPPED = new Set(["node_modules", ".git", "coverage", ".nyc_output", "dist", "lib", "build"]);
/** The folders before `node_modules` in a quoted path: `./`, `../`, `/app/`. */
const QUOTED_FOLDERS = String.raw`(?:[^"'\s,[\]]*[\/\\])?`;
/** Docker's exec form and JSON arrays: `["npx", "probot", "run", "./index.js"]`, `["/app/node_modules/.bin/probot", "run"]`. */
const QUOTED_COMMAND = new RegExp(
  String.raw`(["'])(${QUOTED_FOLDERS}node_modules[\/\\]\.bin[\/\\])?probot\1(\s*,\s*(["'])(?:run|receive)\4)`,
  "g",
);
/** `"node", "node_modules/probot/bin/probot.js", "run"`: Probot's bin file run by node (or alone, below). */
const QUOTED_BIN_FILE = new RegExp(
  String.raw`(["'])(${QUOTED_FOLDERS}node_modules([\/\\]))${PROBOT_BIN_FILE_NAME}\1(\s*,\s*(["'])(?:run|receive)\5)`,
  "g",
);
/**
 * An entrypoint of Probot's binary alone, whose command CMD gives (`ENTRYPOINT ["/app/node_modules/.bin/probot"]`,
 * `CMD ["receive", "/app/index.js"]`), in a Dockerfile or a compose file. Only there: `"keywords": ["github", "probot"]`
 * in app.json ends an array with probot too.
 */
const ENTRYPOINT_ALONE = new RegExp(
  String.raw`^(\s*(?:ENTRYPOINT|entrypoint:)\s*\[\s*)(["'])(?:probot|(${QUOTED_FOLDERS}node_modules([\/\\]))(?:(\.bin[\/\\]probot)|${PROBOT_BIN_FILE_NAME}))\2(\s*\])`,
);
/** Probot's binary in an array: by its name or its path. */
const QUOTED_PROBOT = String.raw`(["'])(?:${QUOTED_FOLDERS}node_modules[\/\\](?:\.bin[\/\\]probot|${PROBOT_BIN_FILE_NAME})|probot)\1`;
/** `"probot", "run"` with the rest of its array, and Probot's `"-W"` (webhook proxy) in it. */
const QUOTED_RUN = new RegExp(String.raw`${QUOTED_PROBOT}\s*,\s*(["'])run\2[^\]\n]*`, "g");
const QUOTED_PROXY_FLAG = /(["'])-W/g;
/** `"npx", "probot@12", "run"` (flags between them too): npx's pinned probot, read as `"npx", "probot", "run"`. */
const QUOTED_NPX_PINNED =
  /(["'])npx\1((?:\s*,\s*(["'])-[^"']*\3)*\s*,\s*)(["'])probot@[^"']+\4(?=\s*,\s*(["'])(?:run|receive)\5)/g;
/**
 * `"node_modules/probot/bin/probot-run.js", "./index.js"`: read as `".../probot.js", "run", "./index.js"`. Not a
 * value of a key (`"program": ".../probot-run.js"`, below): a name inserted there would be another value.
 */
const QUOTED_SUBCOMMAND_FILE = new RegExp(
  String.raw`(?<!:\s*)(["'])(${QUOTED_FOLDERS}node_modules([\/\\]))probot\3bin\3probot-(run|receive)(?:\.js)?\1`,
  "g",
);
/**
 * Probot's binary as the value of the key that names what a process manager or a debugger runs, its command in
 * other keys (`args`): pm2's `script: "probot"` or `script: "./node_modules/.bin/probot"`, VS Code's
 * `"program": "${workspaceFolder}/node_modules/probot/bin/probot-run.js"`.
 */
const KEYED_BINARY = new RegExp(
  String.raw`(\b(?:program|script)["']?\s*:\s*)(["']?)(?:probot|(${QUOTED_FOLDERS}node_modules([\/\\]))(?:(\.bin[\/\\]probot)|probot[\/\\]bin[\/\\]probot(?:-(run|receive))?(?:\.js)?))\2(?=\s*(?:[,}]|$))`,
  "g",
);
/** A probot command this package has no counterpart for, run through a package runner. */
const OTHER_COMMAND = /\b(npx|yarn|pnpm|exec)\s+probot\s+(?!run\b|receive\b)[\w-]+/;

export async function findCommandFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > 6) return;
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const path = join(folder, entry.name);
      const name = relative(root, path).split("\\").join("/");
      if (entry.isDirectory()) {
        const hidden =
          entry.name.startsWith(".") && !(name === ".github" || name === ".github/workflows" || name === ".vscode");
        if (!hidden && !SKIPPED.has(entry.name)) await walk(path, depth + 1);
      } else if (entry.isFile() && (COMMAND_FILE.test(entry.name) || WORKFLOW.test(name))) {
        files.push(name);
      }
    }
  };
  await walk(root, 0);
  return files.sort();
}

/** `"probot", "run"`: Docker's exec form and JSON arrays. */
const QUOTED_PROBOT_RUN = new RegExp(String.raw`${QUOTED_PROBOT}\s*,\s*(["'])run\2`);

/**
 * `probot run` / `probot receive` become `app run` / `app receive`, line by line; other probot commands are reported.
 * `webhookAtRoot`: the app's probot admits no Probot 13, whose `probot run` took deliveries at `/`.
 */
export function migrateCommandFile(
  code: string,
  { webhookAtRoot = false }: { webhookAtRoot?: boolean } = {},
): SourceLog & { code: string } {
  const log: SourceLog = { changes: [], problems: [] };
  const lines = code.split("\n");
  lines.forEach((line, index) => {
    const unpinned = asProbotCommand(line)
      .replace(QUOTED_NPX_PINNED, "$1npx$1$2$4probot$4")
      .replace(QUOTED_SUBCOMMAND_FILE, "$1$2probot$3bin$3probot.js$1, $1$4$1");
    let command: string | undefined;
    const moved = moveProbotCommand(unpinned)
      .replace(
        KEYED_BINARY,
        (_, key: string, quote: string, folders: string | undefined, separator: string, bin: string, file: string) => {
          command = file;
          return `${key}${quote}${frameworkBinary(folders, separator, Boolean(bin))}${quote}`;
        },
      )
      .replace(QUOTED_RUN, (run) => run.replace(QUOTED_PROXY_FLAG, "$1-Y"))
      .replace(
        QUOTED_BIN_FILE,
        (_, quote: string, folders: string, separator: string, rest: string) =>
          `${quote}${folders}${frameworkBinFile(separator)}${quote}${rest}`,
      )
      .replace(QUOTED_COMMAND, (_, quote: string, folders = "", rest: string) => `${quote}${folders}app${quote}${rest}`)
      .replace(
        ENTRYPOINT_ALONE,
        (_, start: string, quote: string, folders: string | undefined, separator: string, bin: string, end: string) =>
          `${start}${quote}${frameworkBinary(folders, separator, Boolean(bin))}${quote}${end}`,
      );
    if (moved !== line) {
      lines[index] = moved;
      log.changes.push({ line: index + 1, text: `${line.trim()} → ${moved.trim()}` });
      if (webhookAtRoot && (PROBOT_RUN_COMMAND.test(unpinned) || QUOTED_PROBOT_RUN.test(unpinned)))
        log.problems.push({ line: index + 1, ...ROOT_WEBHOOK_PATH });
    }
    if (command !== undefined) {
      log.problems.push({
        line: index + 1,
        message: `runs the file of Probot's ${command} command, whose command line began with its apps; gh-app-kit's bin file takes the command's name first`,
        hint: `Add "${command}" as the first of this configuration's args (VS Code's "args", pm2's args).`,
      });
    }
    if (OTHER_COMMAND.test(moved)) {
      log.problems.push({
        line: index + 1,
        message: `runs a probot command other than run or receive: ${moved.trim()}`,
        hint: "`app --help` lists the commands here: run, receive, setup, new, migrate.",
      });
    }
  });
  return { ...log, code: lines.join("\n") };
}

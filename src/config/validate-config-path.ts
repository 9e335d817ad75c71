import { AppError } from "../errors.js";
import { CONFIG_PATH } from "./constants.js";

const EXTENSION = /\.(ya?ml|json)$/i;
// Control characters cannot name a file on the platform and would garble the message.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function findPathProblem(path: unknown): string | undefined {
  if (typeof path !== "string" || path === "") return "it is empty";
  if (path.includes("\\")) return "it contains a backslash; use / between folders";
  if (CONTROL.test(path)) return "it contains a control character";
  if (path.startsWith("/")) return "it is absolute; give it relative to the folder";
  const segments = path.split("/");
  if (segments.includes("..")) return "a .. segment would leave the folder";
  if (segments.some((segment) => segment === "" || segment === ".")) return "it has an empty or . segment";
  if (!EXTENSION.test(path)) return "only .yml, .yaml and .json files can hold config";
  return undefined;
}

export function joinConfigPath(fileName: unknown, { owner, repo }: { owner: string; repo: string }): string {
  const problem = findPathProblem(fileName);
  if (problem !== undefined) {
    throw new AppError(
      "CONFIG_PATH_INVALID",
      `The config file name ${JSON.stringify(fileName)} for ${owner}/${repo} is not allowed: ${problem}.`,
      { hint: `Pass a file name inside ${CONFIG_PATH}/, such as "my-app.yml".` },
    );
  }
  return `${CONFIG_PATH}/${fileName as string}`;
}

export function validateConfigPath({ owner, repo, path }: { owner: string; repo: string; path: unknown }): string {
  const problem = findPathProblem(path);
  if (problem !== undefined) {
    throw new AppError(
      "CONFIG_PATH_INVALID",
      `The config path ${JSON.stringify(path)} in ${owner}/${repo} is not allowed: ${problem}.`,
      { hint: `Give the path from the repository's root, such as "${CONFIG_PATH}/my-app.yml".` },
    );
  }
  return path as string;
}

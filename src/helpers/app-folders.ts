import { dirname } from "node:path";

/**
 * The folders of the app files `app run` loaded by path or package name, in order: where the app's own
 * dependencies are, when neither the working folder nor the framework's has them (an app in a workspace's
 * packages/bot, started from the root by its path). Express's handlers load the app's `express` from there.
 */
const folders: string[] = [];

export function addAppFile(file: string): void {
  const folder = dirname(file);
  if (!folders.includes(folder)) folders.push(folder);
}

export function appFolders(): readonly string[] {
  return folders;
}

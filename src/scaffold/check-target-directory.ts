import { readdirSync } from "node:fs";
import { AppError } from "../errors.js";

export function checkTargetDirectory(directory: string, { force }: { force: boolean }): void {
  let entries: string[];
  try {
    entries = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") {
      throw new AppError("DIRECTORY_NOT_EMPTY", `${directory} is a file, not a folder.`, {
        hint: "Choose another name for the app.",
      });
    }
    throw error;
  }
  if (entries.length > 0 && !force) {
    throw new AppError("DIRECTORY_NOT_EMPTY", `The folder ${directory} is not empty (${entries.length} entries).`, {
      hint: "Choose another name, empty the folder, or pass --force to write into it.",
    });
  }
}

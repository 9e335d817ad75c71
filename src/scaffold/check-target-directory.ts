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
    // Named, as a hidden one (.git) is not seen with a plain ls.
    const named = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", ..." : "");
    const count = `${entries.length} ${entries.length === 1 ? "entry" : "entries"}`;
    throw new AppError("DIRECTORY_NOT_EMPTY", `The folder ${directory} is not empty (${count}: ${named}).`, {
      hint: "Choose another name, empty the folder, or pass --force to write into it.",
    });
  }
}

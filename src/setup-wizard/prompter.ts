import inquirer from "inquirer";
import { AppError } from "../errors.js";

export type PromptStreams = {
  input?: NodeJS.ReadableStream | undefined;
  output?: NodeJS.WritableStream | undefined;
};

export type Choice<T extends string> = { value: T; name: string; description?: string };

export type Prompter = {
  text(
    message: string,
    options?: { default?: string | undefined; validate?: (value: string) => true | string },
  ): Promise<string>;
  confirm(message: string, defaultValue: boolean): Promise<boolean>;
  select<T extends string>(message: string, choices: ReadonlyArray<Choice<T>>, defaultValue?: T): Promise<T>;
};

/** Ctrl+C rejects with `INPUT_REQUIRED`, so the command ends with one line instead of inquirer's stack. */
export function createPrompter(streams: PromptStreams = {}): Prompter {
  const prompt = inquirer.createPromptModule({
    ...(streams.input ? { input: streams.input } : {}),
    ...(streams.output ? { output: streams.output } : {}),
  } as Parameters<typeof inquirer.createPromptModule>[0]);
  const ask = async <T>(question: Record<string, unknown>): Promise<T> => {
    try {
      const answers = (await prompt([{ ...question, name: "value" }] as never)) as { value: T };
      return answers.value;
    } catch (error) {
      if ((error as Error)?.name === "ExitPromptError") {
        throw new AppError("INPUT_REQUIRED", "The question was closed before it was answered; nothing was written.", {
          hint: "Run the command again, or give the values as flags with --yes.",
          cause: error,
        });
      }
      throw error;
    }
  };
  return {
    text: (message, options = {}) =>
      ask<string>({ type: "input", message, default: options.default, validate: options.validate }).then((value) =>
        value.trim(),
      ),
    confirm: (message, defaultValue) => ask<boolean>({ type: "confirm", message, default: defaultValue }),
    select: (message, choices, defaultValue) => ask({ type: "select", message, choices, default: defaultValue }),
  };
}

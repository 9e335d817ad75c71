import type { Hook } from "@oclif/core";

/** One line naming the nearest command, also outside a terminal (CI logs, scripts). */
const hook: Hook.CommandNotFound = async function ({ id, argv = [], config }) {
  // With spaces between words, oclif joins the arguments into the id
  // ("nwe my-bot" arrives as "nwe:my-bot").
  let words = [...id.split(":"), ...argv].filter((arg) => arg !== "" && !arg.startsWith("-"));
  if (words[0] === "help") {
    // `app help [COMMAND]`, as `app [COMMAND] --help`; oclif's help plugin is not installed.
    words = words.slice(1);
    const asked = words.join(":");
    if (asked === "" || config.findCommand(asked) || config.findTopic(asked)) {
      const { loadHelpClass } = await import("@oclif/core/help");
      const Help = await loadHelpClass(config);
      // With package.json's oclif.helpOptions (flags in the order they are defined), as `--help` has.
      await new Help(config, config.pjson.oclif.helpOptions).showHelp(words);
      return;
    }
  }
  // The longest run of words that is a command ("setup extra"): the others are arguments it does not take.
  for (let length = words.length - 1; length > 0; length--) {
    const command = words.slice(0, length).join(":");
    if (config.findCommand(command)) {
      process.stderr.write(
        `Error: Unexpected argument: ${words[length]}. See "${config.bin} ${command.replaceAll(":", " ")} --help".\n`,
      );
      this.exit(2);
    }
  }
  const [word = id, sub] = words;
  const commands = config.commands.filter((command) => !command.hidden).map((command) => command.id);
  // A topic's command mistyped ("deliveries faild"): the nearest of that topic's commands.
  if (sub !== undefined && commands.some((command) => command.startsWith(`${word}:`))) {
    const nearest = closest(
      sub,
      commands.filter((command) => command.startsWith(`${word}:`)).map((command) => command.slice(word.length + 1)),
    );
    const suggestion = nearest ? ` Did you mean "${config.bin} ${word} ${nearest.replaceAll(":", " ")}"?` : "";
    process.stderr.write(
      `Error: "${word} ${sub}" is not a command of ${config.bin}.${suggestion} Run "${config.bin} ${word} --help" for the list.\n`,
    );
    this.exit(2);
  }
  const nearest = closest(word, commands);
  const suggestion = nearest ? ` Did you mean "${config.bin} ${nearest.replaceAll(":", " ")}"?` : "";
  process.stderr.write(
    `Error: "${word}" is not a command of ${config.bin}.${suggestion} Run "${config.bin} --help" for the list.\n`,
  );
  this.exit(2);
};

export default hook;

/** The command nearest to `input` by edit distance, if it is near enough to be a typo. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 2)) ? best : undefined;
}

/** Levenshtein distance, counting a swap of two neighbours as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { AppCommand } from "../../src/cli/app-command.js";
import { queueLocation, queueLocationFlags } from "../../src/cli/deliveries-flags.js";
import { AppError } from "../../src/errors.js";
import { openFailedDeliveries } from "../../src/queue/failed-deliveries.js";

export default class DeliveriesRetry extends AppCommand {
  static override summary = "Queue failed deliveries again (queue mode), each with its attempts renewed.";

  static override description =
    "Moves the named deliveries (or, with --all, every one) from the failed set of the queue in REDIS_URL back " +
    "to the queue; workers run them as new. Exits 2 when an id is not in the failed set. See docs/queue.md.";

  static override examples = [
    "<%= config.bin %> <%= command.id %> 72d3162e-cc78-11e3-81ab-4c9367dc0958",
    "<%= config.bin %> <%= command.id %> --all",
  ];

  static override strict = false;

  static override args = {
    id: Args.string({ description: "Delivery id (X-GitHub-Delivery) of a failed delivery; several may be given." }),
  };

  static override flags = {
    ...queueLocationFlags,
    all: Flags.boolean({ summary: "Queue every failed delivery again." }),
    json: Flags.boolean({ summary: 'Print JSON: {"retried": [...], "missing": [...]}.' }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(DeliveriesRetry);
    const ids = argv.map(String);
    if (ids.length === 0 && !flags.all) {
      throw new AppError("OPTION_INVALID", "Name the deliveries to retry, or pass --all.", {
        hint: "`app deliveries failed` lists the failed deliveries and their ids.",
      });
    }
    if (ids.length > 0 && flags.all) {
      throw new AppError("OPTION_INVALID", "Pass either delivery ids or --all, not both.");
    }
    const failed = await openFailedDeliveries(queueLocation(flags, "app deliveries retry"));
    let result;
    try {
      result = await failed.retry(flags.all ? "all" : ids);
    } finally {
      await failed.close();
    }
    if (flags.json) this.log(JSON.stringify(result));
    else {
      for (const id of result.retried) this.log(`Queued again: ${id}`);
      if (result.retried.length === 0 && flags.all) this.log("No failed deliveries.");
    }
    if (result.missing.length > 0) {
      throw new AppError("OPTION_INVALID", `Not in the failed set: ${result.missing.join(", ")}.`, {
        hint: "`app deliveries failed` lists the ids that can be retried.",
      });
    }
  }
}

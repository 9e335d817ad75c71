// The stand-ins that package.json "imports" gives a Workers bundle (the "workerd" condition) for
// the optional parts that need Node's long-lived processes and sockets. A Worker that is not
// configured to use them never loads them; one that is gets this error instead of a bundle that
// carries megabytes it cannot run.
import { AppError } from "../../errors.js";

/** The error for `part`, which only runs on Node. */
export function unavailableOnWorkers(part: string, instead: string): AppError {
  return new AppError("OPTION_INVALID", `${part} is not available on Cloudflare Workers: it needs a Node process.`, {
    hint: `${instead} See docs/deploy.md#cloudflare-workers.`,
  });
}

/** A class whose construction throws `unavailableOnWorkers(part, instead)`. */
export function unavailableClass(part: string, instead: string): new (...args: unknown[]) => never {
  return class Unavailable {
    constructor() {
      throw unavailableOnWorkers(part, instead);
    }
  } as unknown as new (...args: unknown[]) => never;
}

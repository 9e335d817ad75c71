// "#pino-pretty" in a Workers bundle: Workers Logs read JSON lines. Loading it fails, and the
// pretty stream then writes each line as it is (JSON).
import { unavailableOnWorkers } from "./unavailable.js";

throw unavailableOnWorkers("LOG_FORMAT=pretty", "Leave LOG_FORMAT out (JSON lines) on a Worker.");

export const prettyFactory = undefined;

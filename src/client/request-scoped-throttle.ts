import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import Bottleneck from "bottleneck/light.js";
import { isWorkerd } from "../helpers/is-workerd.js";

/**
 * Octokit's throttling keeps its queues in one set of groups for the whole
 * process. On Workers, the timers and promises of a request belong to it: a
 * request whose write waits in a queue another request made never resumes
 * ("code had hung"). There each client (each delivery's `context.client`)
 * gets queues of its own, with the plugin's limits; elsewhere nothing changes.
 */
export function requestScopedThrottle(throttle: Partial<ThrottlingOptions> | undefined): Partial<ThrottlingOptions> {
  if (!isWorkerd() || throttle?.enabled === false) return {};
  const given = throttle as Record<string, unknown> | undefined;
  // Queues given by the app (the Redis sharing's) are kept.
  if (given?.global !== undefined || given?.connection !== undefined) return {};
  const group = (id: string, settings: Bottleneck.ConstructorOptions) =>
    new Bottleneck.Group({ id, timeout: 120_000, ...settings });
  return {
    global: group("octokit-global", { maxConcurrent: 10 }),
    auth: group("octokit-auth", { maxConcurrent: 1 }),
    search: group("octokit-search", { maxConcurrent: 1, minTime: 2000 }),
    write: group("octokit-write", { maxConcurrent: 1, minTime: 1000 }),
    notifications: group("octokit-notifications", { maxConcurrent: 1, minTime: 3000 }),
  } as Partial<ThrottlingOptions>;
}

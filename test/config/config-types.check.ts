// Compile-only: checked by `tsc -p test`, never run. Lines marked @ts-expect-error must not compile.
import type { AppClient } from "../../src/client/app-client.js";
import type { Context } from "../../src/context.js";

type Settings = { greeting: string; labels: string[] };

export async function typeChecks(context: Context<"issues.opened">, client: AppClient): Promise<void> {
  const settings: Settings | null = await context.config<Settings>("app.yml", { greeting: "hi", labels: [] });
  const merged = await context.config("app.yml", { greeting: "hi" }, { arrayMerge: (_a, b) => b });
  const greeting: string | undefined = merged?.greeting;
  const { config, files } = await client.config.get<Settings>({
    owner: "o",
    repo: "r",
    path: ".github/app.yml",
    branch: "dev",
  });
  const url: string = files[0]!.url;
  void [settings, greeting, config.labels, url];

  // @ts-expect-error the file name is a string
  await context.config(42);
  // @ts-expect-error config.get needs a path
  await client.config.get({ owner: "o", repo: "r" });
  // @ts-expect-error deepMergeOptions are deepmerge's options
  await context.config("app.yml", {}, { arrayMerge: "replace" });
}

// Compile-only: checked by `tsc -p test`. An app adds a member to every context as Probot apps
// added one to Probot's Context class, through the class's exported name (what `app migrate`
// writes for `declare module "probot" { interface Context { ... } }`).
import { App, Context } from "gh-app-kit";

declare module "gh-app-kit" {
  interface EventContext {
    labelNames(...ids: number[]): Promise<string[]>;
  }
}

Context.prototype.labelNames = async function (this: Context, ...ids: number[]): Promise<string[]> {
  const { data } = await this.client.issues.listLabelsForRepo(this.repo());
  return data.filter((label) => ids.includes(label.id)).map((label) => label.name);
};

export function appFn(app: App): void {
  app.on("issues.opened", async (context) => {
    const names: string[] = await context.labelNames(1, 2);
    await context.client.issues.addLabels(context.issue({ labels: names }));
    // @ts-expect-error: only the members declared above are added
    await context.labelIds();
  });
}

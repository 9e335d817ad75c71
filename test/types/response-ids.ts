// Compile-only: checked by `tsc -p test`. Apps written in TypeScript for Probot 14 pass the ids a
// response gave them back as parameters; Probot's client types ids as `number` on both sides.
import type { Context } from "gh-app-kit";

export async function checkRunRoundTrip(context: Context<"check_suite.requested">): Promise<number> {
  const { data: run } = await context.client.checks.create(
    context.repo({ name: "lint", head_sha: context.payload.check_suite.head_sha }),
  );
  await context.client.checks.update(context.repo({ check_run_id: run.id, status: "completed" as const }));
  const { data: issue } = await context.client.issues.create(context.repo({ title: "t" }));
  const { data: comment } = await context.client.issues.createComment(
    context.repo({ issue_number: issue.number, body: "b" }),
  );
  await context.client.issues.updateComment(context.repo({ comment_id: comment.id, body: "c" }));
  const runs = await context.client.paginate(context.client.checks.listForRef, context.repo({ ref: "main" }));
  const ids: number[] = runs.map((r) => r.id);
  const total: number = run.id + comment.id;
  return total + ids.length;
}

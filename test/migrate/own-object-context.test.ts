import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As hivemoot/hivemoot-bot: its command handlers take a `ctx` of the app's own type, built by the
// webhook handler from the event context (`octokit: context.octokit`) and by its tests with a mocked
// client under the key `octokit`; neither is an event context.
const OWN_TYPE = [
  'import type { Context } from "probot";',
  "interface CommandContext {",
  "  octokit: { rest: { reactions: { create(o: object): Promise<void> } } };",
  "  owner: string;",
  "}",
  "async function react(ctx: CommandContext) {",
  "  await ctx.octokit.rest.reactions.create({ owner: ctx.owner });",
  "}",
  "export async function handle(context: Context<'issue_comment'>) {",
  "  await react({ octokit: context.octokit, owner: 'o' });",
  "}",
  "",
].join("\n");

describe("app migrate: a ctx of the app's own object type, not an event context", () => {
  it("keeps .octokit on a parameter typed with a type the file declares, whose client is not Probot's and which has no payload", () => {
    const migrated = migrateSource("src/commands.ts", OWN_TYPE);
    expect(migrated.code).to.include("await ctx.octokit.rest.reactions.create({ owner: ctx.owner });");
    expect(migrated.code).to.include("await react({ octokit: context.client, owner: 'o' });");
    expect(migrated.problems.filter((p) => /CommandContext/.test(p.message))).to.deep.equal([]);
    expect(migrateSource("src/commands.ts", migrated.code).code).to.equal(migrated.code);
  });

  it("keeps it on a member typed unknown too (a bag of the event context's parts)", () => {
    const code = OWN_TYPE.replace(
      "octokit: { rest: { reactions: { create(o: object): Promise<void> } } };",
      "octokit: unknown;",
    );
    const migrated = migrateSource("src/commands.ts", code);
    expect(migrated.code).to.include("await ctx.octokit.rest");
  });

  it("keeps it on a ctx a function of the file builds as a literal with the key octokit (a test's factory)", () => {
    const code = [
      'import type { CommandContext } from "./commands.js";',
      'import { executeCommand } from "./commands.js";',
      "function createCtx(overrides: Partial<CommandContext> = {}): CommandContext {",
      "  return { octokit: makeClient(), owner: 'o', ...overrides };",
      "}",
      "it('reacts', async () => {",
      "  const ctx = createCtx();",
      "  await executeCommand(ctx);",
      "  expect(ctx.octokit.rest.reactions.create).toHaveBeenCalled();",
      "});",
      "",
    ].join("\n");
    const migrated = migrateSource("src/commands.test.ts", code);
    expect(migrated.code).to.include("expect(ctx.octokit.rest.reactions.create)");
    expect(migrated.code).to.include("return { octokit: makeClient(), owner: 'o', ...overrides };");
  });

  it("still renames where the type declares a payload, or its client is typed from Probot's Context", () => {
    const withPayload = OWN_TYPE.replace("  owner: string;", "  owner: string;\n  payload: object;");
    expect(migrateSource("src/commands.ts", withPayload).code).to.include("await ctx.client.rest");
    const probotTyped = OWN_TYPE.replace(
      "octokit: { rest: { reactions: { create(o: object): Promise<void> } } };",
      'octokit: Context["octokit"];',
    );
    expect(migrateSource("src/commands.ts", probotTyped).code).to.include("await ctx.client.rest");
  });

  it("still renames a ctx built by an event context's literal (a context double, with its payload)", () => {
    const code = [
      "function createCtx() {",
      "  return { octokit: makeClient(), payload: {} };",
      "}",
      "it('reads', () => {",
      "  const ctx = createCtx();",
      "  expect(ctx.octokit.rest).toBeDefined();",
      "});",
      "",
    ].join("\n");
    const migrated = migrateSource("src/commands.test.ts", code);
    expect(migrated.code).to.include("expect(ctx.client.rest)");
  });
});

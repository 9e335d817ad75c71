import { expect } from "chai";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "./run-bin.js";

/** The section headers of a help text, and the flags (long names) under each, in order. */
function sections(help: string): Array<{ header: string; flags: string[] }> {
  const found: Array<{ header: string; flags: string[] }> = [];
  for (const line of help.split("\n")) {
    if (/^[A-Z][A-Z ]*FLAGS$/.test(line)) found.push({ header: line, flags: [] });
    else if (/^\S/.test(line)) found.push({ header: line, flags: [] });
    const flag = /^ {2}(?:-\w, )? *--([\w-]+)/.exec(line)?.[1];
    if (flag && found.length > 0) found.at(-1)!.flags.push(flag);
  }
  return found.filter((section) => section.header.endsWith("FLAGS"));
}

// `app help run` has some twenty flags: grouped by what they are for, each
// group in the order of its definition, not by capital letters first.
describe("app help: flags grouped and ordered", () => {
  it("app help run groups credentials, server, queue and log flags, in a readable order", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "help-groups-"));
    const result = await runBin(["help", "run"], { cwd, env: { COLUMNS: "120" } });
    expect(result.code).to.equal(0);
    const groups = sections(result.stdout);
    expect(groups.map((group) => group.header)).to.deep.equal([
      "CREDENTIAL FLAGS",
      "SERVER FLAGS",
      "QUEUE FLAGS",
      "LOG FLAGS",
    ]);
    expect(groups[0]!.flags).to.deep.equal(["app-id", "private-key", "token", "base-url"]);
    expect(groups[1]!.flags.slice(0, 3)).to.deep.equal(["secret", "port", "host"]);
    expect(groups[3]!.flags[0]).to.equal("log-level");
  });

  it("app help receive keeps its own flags first, then the groups", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "help-groups-"));
    const result = await runBin(["help", "receive"], { cwd, env: { COLUMNS: "120" } });
    const groups = sections(result.stdout);
    expect(groups.map((group) => group.header)).to.deep.equal(["FLAGS", "CREDENTIAL FLAGS", "LOG FLAGS"]);
    expect(groups[0]!.flags).to.deep.equal(["event", "payload-path", "dry-run"]);
  });
});

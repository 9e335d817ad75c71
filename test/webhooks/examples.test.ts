import { expect } from "chai";
import { createRequire } from "node:module";
import { emitterEventNames } from "@octokit/webhooks";
import { createTestApp } from "../helpers/test-app.js";

type Examples = Array<{ name: string; examples: Array<Record<string, unknown>> }>;
const examples = createRequire(import.meta.url)("@octokit/webhooks-examples/api.github.com/index.json") as Examples;

describe("App.receive with the platform's own example payloads", () => {
  it("reaches exactly the handlers of the event, of event.action and onAny, for every example", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    for (const name of emitterEventNames) {
      app.on(name, async () => void seen.push(name));
    }
    app.onAny(async () => void seen.push("*"));
    let delivered = 0;
    for (const { name, examples: payloads } of examples) {
      for (const payload of payloads) {
        seen.length = 0;
        await app.receive({ id: `example-${delivered++}`, name, payload });
        const action = typeof payload.action === "string" ? payload.action : undefined;
        const expected = [
          name,
          "*",
          ...(action && emitterEventNames.includes(`${name}.${action}` as never) ? [`${name}.${action}`] : []),
        ];
        expect(seen, `${name}.${action ?? ""}`).to.have.members(expected);
        expect(seen).to.have.length(expected.length);
      }
    }
    expect(delivered).to.be.above(300);
  });
});

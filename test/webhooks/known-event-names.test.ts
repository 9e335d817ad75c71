import { expect } from "chai";
import { emitterEventNames } from "@octokit/webhooks";
import { knownEventNames } from "../../src/webhooks/known-event-names.js";
import { validateEventName } from "../../src/webhooks/validate-event-name.js";

describe("knownEventNames", () => {
  it("is @octokit/webhooks' emitterEventNames, loaded without its bundle", () => {
    expect(knownEventNames()).to.deep.equal([...emitterEventNames]);
  });

  it("still tells known names from unknown ones, Actions-only names included", () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const warned = new Set<string>();
    for (const name of ["issues.opened", "push", "schedule", "workflow_call", "pull_request_target.opened"]) {
      validateEventName(name, log, warned);
    }
    expect(warnings).to.deep.equal([]);
    validateEventName("issues.openned", log, warned);
    validateEventName("issues.openned", log, warned);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('"issues.openned" is not a known webhook event name');
  });
});

import { expect } from "chai";
import { App, isAppError, type Context } from "../../src/index.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";

const SECRET = "parsed-payload-secret";

/** What `verifyAndReceive` takes, as apps written for Probot 11 and 12 call it (`payload` parsed). */
type ParsedDelivery = { id: string; name: string; signature: string; payload: object };

function appWithHandler(seen: Array<{ id: string; payload: unknown }>): App {
  const app = new App({ appId: 1, privateKey: getTestKeys().privateKeyPkcs1, secret: SECRET });
  app.on("issues", (context: Context<"issues">) => void seen.push({ id: context.id, payload: context.payload }));
  return app;
}

function verifyAndReceive(app: App, delivery: ParsedDelivery): Promise<void> {
  return (app.webhooks.verifyAndReceive as unknown as (event: ParsedDelivery) => Promise<void>)(delivery);
}

/**
 * Serverless handlers written for Probot 11 and 12 hand `webhooks.verifyAndReceive()` the body
 * their platform already parsed (`payload: JSON.parse(event.body)`, Architect's `bodyParser(req)`).
 * Probot's webhooks library of that time verified such a payload against its JSON text, with
 * `\u` escapes in upper case, and handed the object itself to the handlers.
 */
describe("verifyAndReceive with a parsed payload (Probot 11 and 12)", () => {
  const payload = {
    action: "opened",
    issue: { number: 1, title: "a <b> & é \u001f" },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 2 },
  };
  // JSON.stringify writes the control character as \u001f; the text GitHub signs has \u001F.
  const text = JSON.stringify(payload).replace("\\u001f", "\\u001F");

  it("verifies it against its JSON text and runs the handlers with it", async () => {
    const seen: Array<{ id: string; payload: unknown }> = [];
    const app = appWithHandler(seen);
    await verifyAndReceive(app, { id: "d-1", name: "issues", signature: sign(SECRET, text), payload });
    expect(seen).to.deep.equal([{ id: "d-1", payload }]);
  });

  it("refuses it when the signature is not the payload's, and runs no handler", async () => {
    const seen: Array<{ id: string; payload: unknown }> = [];
    const app = appWithHandler(seen);
    const error = await verifyAndReceive(app, {
      id: "d-2",
      name: "issues",
      signature: sign(SECRET, text.replace("opened", "closed")),
      payload,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const first = (error as AggregateError).errors[0] as unknown;
    expect(isAppError(first) && first.code).to.equal("WEBHOOK_SIGNATURE_MISMATCH");
    expect((error as { code?: string }).code).to.equal("WEBHOOK_SIGNATURE_MISMATCH");
    expect(seen).to.deep.equal([]);
  });

  it("rejects as Probot's webhooks do: an AggregateError whose error says @octokit/webhooks' sentence first, seen by onError", async () => {
    const app = appWithHandler([]);
    const seenByOnError: Array<{ name: string; message: string; id: unknown; inner: string }> = [];
    app.onError((error) => {
      const aggregate = error as unknown as AggregateError & { event: { id: string } };
      seenByOnError.push({
        name: aggregate.name,
        message: aggregate.message,
        id: aggregate.event.id,
        inner: (aggregate.errors[0] as Error).message,
      });
    });
    const error = (await verifyAndReceive(app, {
      id: "d-3",
      name: "issues",
      signature: sign("another secret", text),
      payload,
    }).then(
      () => undefined,
      (e: unknown) => e,
    )) as AggregateError & { status?: number };
    expect(error).to.be.instanceOf(AggregateError);
    expect(error.status).to.equal(400);
    const sentence = "[@octokit/webhooks] signature does not match event payload and secret";
    expect((error.errors[0] as Error).message.startsWith(sentence)).to.equal(true);
    expect(error.message).to.include(sentence);
    expect(seenByOnError).to.have.length(1);
    expect(seenByOnError[0]).to.include({ name: "AggregateError", id: "d-3" });
    expect(seenByOnError[0]!.inner.startsWith(sentence)).to.equal(true);
  });

  it("is what verify() and sign() take too", async () => {
    const app = appWithHandler([]);
    const webhooks = app.webhooks as unknown as {
      verify(payload: object, signature: string): Promise<boolean>;
      sign(payload: object): Promise<string>;
    };
    expect(await webhooks.verify(payload, sign(SECRET, text))).to.equal(true);
    expect(await webhooks.verify(payload, sign("another", text))).to.equal(false);
    expect(await webhooks.sign(payload)).to.equal(sign(SECRET, text));
  });
});

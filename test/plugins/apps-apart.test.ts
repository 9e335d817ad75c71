import { expect } from "chai";
import pino from "pino";
import { App, type AppPlugin } from "../../src/app.js";
// The package's App, made with the Redis sharing plugin, is loaded in this process too.
import { App as PackageApp } from "../../src/create-app.js";
import { readTelemetryConfig } from "../../src/telemetry/read-telemetry-config.js";
import { startTelemetry } from "../../src/telemetry/start-telemetry.js";
import type { Telemetry } from "../../src/telemetry/telemetry.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../helpers/otlp-receiver.js";

// Two Apps in one process, made with different plugins: what one's plugins add stays with it.
describe("two Apps in one process, one with telemetry and sharing, one without", function () {
  this.timeout(20_000);
  let platform: FakePlatform;
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    receiver = await startOtlpReceiver();
    const config = readTelemetryConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "20",
    })!;
    telemetry = await startTelemetry(config);
  });
  after(async () => {
    await telemetry.shutdown();
    await receiver.close();
    await platform.close();
  });

  const repo = { owner: "octo", repo: "hello" };
  const options = () => ({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    baseUrl: platform.url,
    log: pino({ level: "silent" }),
  });

  it("traces the token exchanges of the App given telemetry, and not the other's", async () => {
    const traced = new App({ ...options(), plugins: [telemetry.plugin] });
    const plain = new App(options());
    // The plain App's exchange ends first: had it a span, it would be exported no later than the traced one's.
    await (await plain.auth(1)).repos.get(repo);
    await (await traced.auth(1)).repos.get(repo);
    const [plainExchange, tracedExchange] = platform.tokenExchanges();
    expect(tracedExchange?.headers.traceparent, "the traced App's exchange").to.be.a("string");
    expect(plainExchange?.headers.traceparent, "the plain App's exchange").to.equal(undefined);
    const exchangeSpans = (all: ReceivedSpan[]) => all.filter((span) => span.name.endsWith("/access_tokens"));
    const spans = await receiver.waitForSpans((all) => exchangeSpans(all).length > 0);
    expect(exchangeSpans(spans).map((span) => span.traceId)).to.deep.equal([
      tracedExchange!.headers.traceparent!.toString().split("-")[1],
    ]);
    // The requests too: only the traced App's carry a traceparent to the platform.
    const reads = platform.callsTo("GET", "/repos/:owner/:repo");
    expect(reads.map((call) => typeof call.headers.traceparent)).to.deep.equal(["undefined", "string"]);
    expect(traced.tracing).to.equal(telemetry);
    expect(plain.tracing).to.equal(undefined);
  });

  it("gives Redis sharing only to an App made with the sharing plugin", async () => {
    const shared = new PackageApp({ ...options(), redisConfig: "redis://127.0.0.1:9" });
    try {
      expect(shared.state.redis).to.not.equal(undefined);
      // Though the package's App shares through Redis, an App made without the plugin does not.
      expect(() => new App({ ...options(), redisConfig: "redis://127.0.0.1:9" }))
        .to.throw(/no plugin of this App supplies the Redis sharing/)
        .with.property("code", "OPTION_INVALID");
    } finally {
      await shared.close();
    }
  });

  it("runs a class's plugins (App.plugin) then the option's, each once, on that App only", () => {
    const ran: string[] = [];
    const first: AppPlugin = (app) => void ran.push(`first ${app.state.appId}`);
    const second: AppPlugin = (_app, given) => void ran.push(`second ${String(given.webhookPath)}`);
    const Both = App.plugin(first).plugin(second, first);
    expect(Both.plugins).to.deep.equal([first, second]);
    const app = new Both({
      ...options(),
      webhookPath: "/hooks",
      plugins: [second, (made) => void ran.push(made.state.webhooks.path!)],
    });
    expect(app).to.be.an.instanceOf(App);
    expect(ran).to.deep.equal(["first 1", "second /hooks", "/hooks"]);
    new App(options());
    expect(ran).to.have.length(3);
    expect(App.plugins).to.deep.equal([]);
  });
});

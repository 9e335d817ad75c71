import { expect } from "chai";
import { createApp } from "../../src/create-app.js";
import { getLog } from "../../src/log/get-log.js";
import { createServer, type AppServer } from "../../src/server/create-server.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { startEventStreamServer } from "../helpers/event-stream-server.js";
import { until } from "../helpers/until.js";

const quiet = () => getLog({ destination: createLogCapture().stream, logFormat: "json", env: {} });

// createServer({ app }) takes what run() takes from the app: the host (local
// only with the forgeable development secret) and WEBHOOK_PROXY_URL.
describe("createServer, as run() does", () => {
  let server: AppServer | undefined;
  afterEach(async () => {
    await server?.stop({ graceMs: 0 });
    server = undefined;
  });

  it("listens on 127.0.0.1 only when the app has the development secret, and says so", async () => {
    const logs = createLogCapture();
    const app = createApp({
      env: {},
      overrides: { port: 0, log: getLog({ destination: logs.stream, logFormat: "json", env: {} }) },
    });
    server = createServer({ app });
    const info = await server.start();
    expect(info.host).to.equal("127.0.0.1");
    expect(logs.text()).to.include("Listening on 127.0.0.1 only");
  });

  it("listens where HOST says even with the development secret", async () => {
    const app = createApp({ env: { HOST: "127.0.0.2" }, overrides: { port: 0, log: quiet() } });
    server = createServer({ app });
    expect((await server.start()).host).to.equal("127.0.0.2");
  });

  it("listens on every interface with a real secret", async () => {
    const app = createApp({ env: { WEBHOOK_SECRET: "a-real-secret" }, overrides: { port: 0, log: quiet() } });
    server = createServer({ app });
    expect((await server.start()).host).not.to.equal("127.0.0.1");
  });

  it("relays WEBHOOK_PROXY_URL, and stop() closes the channel", async () => {
    const channel = await startEventStreamServer();
    try {
      const app = createApp({
        env: { WEBHOOK_SECRET: "a-real-secret", WEBHOOK_PROXY_URL: channel.url },
        overrides: { port: 0, log: quiet() },
      });
      server = createServer({ app });
      await server.start();
      await channel.waitForConnections(1);
      await server.stop({ graceMs: 0 });
      server = undefined;
      await until(() => channel.openCount() === 0);
      expect(channel.openCount()).to.equal(0);
    } finally {
      await channel.close();
    }
  });
});

import { expect } from "chai";
import { mergeClientOptions } from "../../src/client/merge-client-options.js";
import { requestScopedThrottle } from "../../src/client/request-scoped-throttle.js";

function asWorkerd<T>(run: () => T): T {
  const had = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { value: { userAgent: "Cloudflare-Workers" }, configurable: true });
  try {
    return run();
  } finally {
    if (had) Object.defineProperty(globalThis, "navigator", had);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
}

describe("throttling queues on Workers", () => {
  it("gives each client queues of its own on Workers, so no request waits on another's timers", () => {
    const [first, second] = asWorkerd(() => [mergeClientOptions({}), mergeClientOptions({})]);
    const a = first.throttle as unknown as Record<string, unknown>;
    const b = second.throttle as unknown as Record<string, unknown>;
    for (const name of ["global", "auth", "search", "write", "notifications"]) {
      expect(a[name], name).to.be.an("object");
      expect(a[name], name).not.to.equal(b[name]);
    }
  });

  it("leaves the plugin's process-wide queues alone everywhere else", () => {
    const throttle = mergeClientOptions({}).throttle as unknown as Record<string, unknown>;
    expect(throttle.global).to.equal(undefined);
  });

  it("keeps queues the app gives (the Redis sharing) and a throttle turned off", () => {
    const global = { key: () => undefined };
    asWorkerd(() => {
      expect(requestScopedThrottle({ global } as never)).to.deep.equal({});
      expect(requestScopedThrottle({ enabled: false })).to.deep.equal({});
      const merged = mergeClientOptions({ throttle: { global } as never }).throttle as unknown as Record<
        string,
        unknown
      >;
      expect(merged.global).to.equal(global);
    });
  });
});

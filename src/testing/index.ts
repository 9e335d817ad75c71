// gh-app-kit/testing: test an app without a network or a server.
export { createTestApp } from "./create-test-app.js";
export type { CreateTestAppOptions, TestApp } from "./create-test-app.js";
export { startFakePlatform } from "./start-fake-platform.js";
export type { FakePlatform, RecordedRequest } from "./start-fake-platform.js";

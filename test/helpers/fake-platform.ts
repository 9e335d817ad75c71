export { startFakePlatform } from "./fake-platform/index.js";
export { primaryRateLimitResponse, secondaryRateLimitResponse, serverErrorResponse } from "./fake-platform/messages.js";
export type {
  FakePlatform,
  FakePlatformOptions,
  FakeResponse,
  PlatformAuth,
  PlatformCall,
  RecordedComment,
  RouteAuth,
  RouteHandler,
  RouteOptions,
} from "./fake-platform/types.js";

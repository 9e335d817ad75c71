// Loaded by mocha before any test (.mocharc.json "require"). The tests run the
// TypeScript sources under tsx, whose CommonJS hook cannot require() them as
// the build does (AppClient, the Redis sharing: see app-client-class.ts and
// load-redis-sharing.ts): here they are imported as ES modules once, so every
// test finds the same instances the build would load on first use. Processes
// spawned from the build (test/commands/, test/run/) still load them lazily;
// fixtures run from the sources under tsx import this file first.
import { provideSharing } from "../../src/app-sharing.js";
import "../../src/index.js";
import { createRedisSharing } from "../../src/redis/create-redis-sharing.js";

provideSharing(createRedisSharing);

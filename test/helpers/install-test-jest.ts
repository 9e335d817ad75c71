// Installs the jest majors test/package/commonjs.test.ts uses into node_modules/.cache, ahead of
// the tests (.ci/run runs it beside npm test): node --import tsx test/helpers/install-test-jest.ts
import { JEST_MAJORS, jestBin } from "./jest-bin.js";

for (const major of JEST_MAJORS) console.log(`jest ${major}: ${await jestBin(major)}`);

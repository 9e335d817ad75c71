// Installs the tools the package tests run (jest majors for test/package/commonjs.test.ts, TypeScript 4
// for typescript-4.test.ts and payload-field-assertions.test.ts, yarn 4 for yarn-pnp.test.ts, pnpm 9 for pnpm.test.ts, yarn 1 with them
// for new-package-managers.test.ts) into node_modules/.cache, ahead of the tests
// (.ci/run runs it beside npm test): node --import tsx test/helpers/install-test-tools.ts
import {
  JEST_MAJORS,
  jestBin,
  TYPESCRIPT_4,
  TYPESCRIPT_OLDEST_CHECKED,
  typescriptBin,
  yarnBin,
  pnpmBin,
  yarn1Bin,
} from "./test-tools.js";

for (const major of JEST_MAJORS) console.log(`jest ${major}: ${await jestBin(major)}`);
for (const version of [...TYPESCRIPT_4, TYPESCRIPT_OLDEST_CHECKED])
  console.log(`typescript ${version}: ${await typescriptBin(version)}`);
console.log(`yarn 4: ${await yarnBin()}`);
console.log(`pnpm 9: ${await pnpmBin()}`);
console.log(`yarn 1: ${await yarn1Bin()}`);

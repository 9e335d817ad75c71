export * from "../dist/ts4/src/testing/index.js";

export * from "../dist/src/testing/index.js";

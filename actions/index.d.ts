export * from "../dist/src/actions/index.js";

export * from "../dist/ts4/src/actions/index.js";

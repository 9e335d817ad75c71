// The framework on Node: createServer with the runtime tests' app.
import { createServer } from "gh-app-kit";
import { appFn, makeApp } from "../app.mjs";

const server = createServer({ app: makeApp(process.env), port: 0, host: "127.0.0.1" });
await server.load(appFn);
const { port } = await server.start();
console.log(`http://127.0.0.1:${port}`);

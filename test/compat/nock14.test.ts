import nock from "nock";
import { probotStyleCases, type NockLike } from "./probot-style.js";

// Loading nock activates it; the cases activate it only while they run.
nock.restore();

probotStyleCases("nock 14 (node:http and fetch)", nock as unknown as NockLike);

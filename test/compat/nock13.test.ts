import nock from "nock13";
import { probotStyleCases, type NockLike } from "./probot-style.js";

// Loading nock activates it; the cases activate it only while they run.
nock.restore();

probotStyleCases("nock 13 (node:http only)", nock as unknown as NockLike);

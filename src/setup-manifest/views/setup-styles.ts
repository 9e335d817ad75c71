import { DEFAULT_PAGE_STYLES } from "../../views/default-page-styles.js";

export const SETUP_PAGE_STYLES = `${DEFAULT_PAGE_STYLES}
form { display: grid; gap: 16px; margin-top: 24px; }
label { display: grid; gap: 6px; font-weight: 600; font-size: 15px; }
label small { font-weight: 400; color: var(--muted); }
input, textarea {
  font: 14px/1.5 var(--mono); color: var(--text); background: var(--code-bg);
  border: 1px solid var(--border); border-radius: 10px; padding: 10px 14px; width: 100%;
}
textarea { min-height: 160px; resize: vertical; }
input:focus-visible, textarea:focus-visible, button:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
button {
  justify-self: start; font: 600 15px/1 var(--sans); color: #fff; background: var(--accent);
  border: 0; border-radius: 10px; padding: 12px 20px; cursor: pointer;
}
.notice { margin: 24px 0 0; padding: 12px 16px; border-radius: 10px; border: 1px solid var(--border); background: var(--code-bg); font-size: 15px; }
.notice.error { border-color: #cf222e; }
.muted { color: var(--muted); font-size: 15px; }
`;

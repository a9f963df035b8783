/**
 * The reference page's style sheet: system fonts, light and dark from the system's setting,
 * colours that pass WCAG AA contrast in both.
 */
export const REFERENCE_STYLE = `
:root { color-scheme: light dark; --fg: #1a1b1e; --muted: #495057; --bg: #fff; --panel: #f1f3f5;
  --line: #dee2e6; --link: #1864ab; --ok: #237032; --fail: #c92a2a; --get: #1864ab; --post: #237032;
  --put: #a05a00; --delete: #c92a2a; }
@media (prefers-color-scheme: dark) { :root { --fg: #e9ecef; --muted: #ced4da; --bg: #1a1b1e;
  --panel: #25262b; --line: #373a40; --link: #74c0fc; --ok: #8ce99a; --fail: #ffa8a8;
  --get: #74c0fc; --post: #8ce99a; --put: #ffd43b; --delete: #ffa8a8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  color: var(--fg); background: var(--bg); }
a { color: var(--link); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
pre { background: var(--panel); padding: 0.75rem 1rem; border-radius: 6px; overflow-x: auto; }
header, main, nav { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; border-bottom: 1px solid var(--line); }
h1 { margin: 0 0 0.25rem; font-size: 1.75rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { margin-bottom: 0.25rem; }
h4 { margin: 1rem 0 0.25rem; }
.version, .auth, .label, caption { color: var(--muted); font-size: 0.9rem; }
caption { text-align: left; padding: 0.25rem 0; }
nav ul { padding-left: 1.25rem; }
.route { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
/* A long path or name breaks rather than widening the page on a phone. */
.route, h2, h3, p, li { overflow-wrap: anywhere; }
.method { font-weight: 700; font-family: ui-monospace, monospace; }
.get { color: var(--get); } .post { color: var(--post); } .put { color: var(--put); } .delete { color: var(--delete); }
.operation { border-top: 1px solid var(--line); padding: 0.5rem 0 1rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); }
thead th { color: var(--muted); font-weight: 600; }
tbody th { font-weight: 400; white-space: nowrap; }
.answers dt { margin-top: 0.5rem; }
.answers dd { margin-left: 0; }
.status { font-weight: 700; font-family: ui-monospace, monospace; }
.status.ok { color: var(--ok); } .status.fail { color: var(--fail); }
`;

// The site's one stylesheet: readable text, a fixed navigation column, code that scrolls.
export const STYLE = `:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --accent: #0b5cad; --code: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); display: flex; }
nav { width: 250px; min-height: 100vh; padding: 18px 20px; border-right: 1px solid var(--line); background: #fbfcfd; position: sticky; top: 0; align-self: flex-start; max-height: 100vh; overflow-y: auto; font-size: 14px; }
nav .brand { font-weight: 700; font-size: 20px; margin: 0 0 12px; }
nav .brand a { color: var(--fg); }
nav h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 18px 0 4px; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li a { display: block; padding: 2px 8px; border-radius: 4px; color: var(--fg); }
nav li.here a { background: #e6eef8; color: var(--accent); font-weight: 600; }
main { flex: 1; min-width: 0; max-width: 920px; padding: 24px 48px 80px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 .6em; position: relative; }
h1 { font-size: 2em; margin-top: .4em; border-bottom: 1px solid var(--line); padding-bottom: .3em; }
h2 { font-size: 1.5em; border-bottom: 1px solid var(--line); padding-bottom: .25em; }
.anchor { position: absolute; left: -1em; color: var(--line); font-weight: 400; }
h1 .anchor { display: none; }
code { font: 13.5px/1.45 ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", monospace; background: var(--code); padding: .15em .35em; border-radius: 4px; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; overflow-x: auto; font-size: 13.5px; line-height: 1.45; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; margin: 1em 0; font-size: 14.5px; }
th, td { border: 1px solid var(--line); padding: 5px 10px; text-align: left; vertical-align: top; }
th { background: var(--code); }
tr:target { background: #fff8c5; }
blockquote { margin: 1em 0; padding: 0 1em; color: var(--muted); border-left: 4px solid var(--line); }
.repo-path { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13.5px; }
`;

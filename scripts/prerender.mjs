// Prerenders the public, static pages of the web build (after `vite build` and the server build of
// apps/web/src/entry-server.tsx): each page's HTML goes to dist/prerendered/<page>.html, with the
// page's markup in #root, its title and description, and links to its lazy chunks and styles.
// The pages under the store boundary without parameters get the app shell there, with links to
// their own chunks; dist/index.html becomes the app shell that every other page is sent as.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');
const SERVER_BUILD = path.join(WEB, 'dist-ssr');
const ROOT_DIV = '<div id="root"></div>';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The file a page is written to, relative to dist/prerendered ('/' → index.html). */
export const prerenderedFileName = (pagePath) => (pagePath === '/' ? 'index' : pagePath.slice(1)) + '.html';

const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!template.includes(ROOT_DIV)) throw new Error('dist/index.html has no empty #root: run vite build first');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const server = await import(pathToFileURL(path.join(SERVER_BUILD, 'entry-server.js')).href);

/** The chunks and styles the given source modules load, with everything they import statically. */
function assetsOf(moduleKeys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of moduleKeys) visit(key);
  // What the entry already links needs no second link.
  const inTemplate = (file) => template.includes(`/${file}"`);
  return {
    scripts: [...scripts].filter((file) => !inTemplate(file)),
    styles: [...styles].filter((file) => !inTemplate(file)),
  };
}

function page({ html, title, description, scripts = [], styles = [], fetches = [], prerendered }) {
  // Every page's HTML paints without the scripts, a prerendered page's markup as much as the app
  // shell (module scripts never block rendering): the styles come first, the code after them.
  const priority = ' fetchpriority="low"';
  let out = template.replace(/<(script type="module"|link rel="modulepreload") /g, `<$1${priority} `);
  if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) {
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  const links = [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload"${priority} crossorigin href="/${file}">`),
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`),
  ];
  if (links.length) out = out.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  const root = prerendered ? `<div id="root" data-prerendered>${html}</div>` : `<div id="root">${html}</div>`;
  return out.replace(ROOT_DIV, root);
}

const outDir = path.join(DIST, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const pages = server.prerenderPaths();
for (const pagePath of pages) {
  globalThis.__prerenderImports = new Set();
  const { html, head } = await server.renderPage(pagePath);
  const assets = assetsOf(globalThis.__prerenderImports);
  writeFileSync(
    path.join(outDir, prerenderedFileName(pagePath)),
    page({ html, title: head.title, description: head.description, ...assets, prerendered: true }),
  );
}
// The pages under the store boundary are sent as the app shell with their own code linked, so the
// entry, the store, the sign-in check and the page load side by side.
const shellHtml = server.renderShell();
const SIGN_IN_CHECK = 'src/features/auth/index.ts';
const shellPages = server.shellPaths();
for (const pagePath of shellPages) {
  globalThis.__prerenderImports = new Set();
  await server.loadPageModules(pagePath);
  // A private page asks who is signed in first thing: that request starts with the page.
  const checksSignIn = globalThis.__prerenderImports.has(SIGN_IN_CHECK);
  const fetches = checksSignIn ? [server.serverPaths.currentUser] : [];
  const file = path.join(outDir, prerenderedFileName(pagePath));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page({ html: shellHtml, ...assetsOf(globalThis.__prerenderImports), fetches }));
}
delete globalThis.__prerenderImports;
// Most other shell pages (those with parameters) sit under the store boundary and behind the
// sign-in check: fetch that code alongside the entry rather than after it.
const shellModules = ['src/lib/store/provider.tsx', SIGN_IN_CHECK];
for (const key of shellModules) if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
writeFileSync(path.join(DIST, 'index.html'), page({ html: shellHtml, ...assetsOf(shellModules) }));
// The manifest and the server build were only needed here.
rmSync(path.join(DIST, '.vite'), { recursive: true, force: true });
if (existsSync(SERVER_BUILD)) rmSync(SERVER_BUILD, { recursive: true, force: true });
console.log(`Prerendered ${pages.length} pages: ${pages.join(' ')}`);
console.log(`Linked the code of ${shellPages.length} shell pages: ${shellPages.join(' ')}`);

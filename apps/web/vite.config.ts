import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * In the server build, every dynamic import of our source records the imported module (as the
 * client build's manifest names it) before loading it, so the prerenderer knows which lazy chunks
 * and styles a page used and links them in its HTML.
 */
function recordLazyImports(): Plugin {
  return {
    name: 'record-lazy-imports',
    apply: 'build',
    async transform(code, id, options) {
      if (!options?.ssr || id.includes('node_modules') || !code.includes('import(')) return null;
      const pattern = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
      let result = '';
      let last = 0;
      for (const match of code.matchAll(pattern)) {
        const resolved = await this.resolve(match[2]!, id);
        if (!resolved || resolved.external) continue;
        const key = path.relative(root, resolved.id).split(path.sep).join('/');
        result += code.slice(last, match.index);
        result += `(globalThis.__prerenderImports?.add(${JSON.stringify(key)}), ${match[0]})`;
        last = match.index + match[0].length;
      }
      return last === 0 ? null : { code: result + code.slice(last), map: null };
    },
  };
}

/**
 * React Router's build leaves its components and contexts for tree-shaking to judge, but names each
 * with a top-level `X.displayName = …` (for React's developer tools) and creates them with calls
 * the bundler cannot tell are pure: so every component stays in the bundle, used or not (forms,
 * fetchers, the data routers' scroll restoration). In the client build the names go and the calls
 * are marked pure, so only what the app uses remains.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const shaken = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
      return shaken === code ? null : { code: shaken, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), recordLazyImports(), treeShakeReactRouter()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Browsers preload modules natively; one that cannot still loads them, only without the head start.
    modulePreload: { polyfill: false },
    // The prerenderer reads the client manifest to link each page's chunks and styles.
    manifest: !isSsrBuild,
  },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': apiTarget,
      '/subscription_details.json': apiTarget,
      '/credit_packages.json': apiTarget,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    root,
  },
}));

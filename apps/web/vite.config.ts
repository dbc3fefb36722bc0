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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), recordLazyImports()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
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

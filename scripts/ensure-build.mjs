// Builds what is missing or older than its sources: the web app (`npm run build -w @app/web`) and
// the compiled servers. `npm test` builds once at its start; the tests that need the production
// build (the production rehearsal, the build tests) run this and reuse that build.
import { pathToFileURL } from 'node:url';
import { buildServers, serverBuildIsStale } from './build-server.mjs';
import { run, webBuildIsStale } from './lib.mjs';

export async function ensureBuild() {
  if (webBuildIsStale()) {
    console.log('Building the web app…');
    const code = await run('npm', ['run', 'build', '--silent', '-w', '@app/web']);
    if (code !== 0) throw new Error(`the web build failed (exit ${code})`);
  }
  if (serverBuildIsStale()) {
    console.log('Compiling the server…');
    await buildServers();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await ensureBuild();

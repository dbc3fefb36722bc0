// `npm run docs:routes`: rewrites the route table of docs/architecture.md from the routes the API
// registers (apps/api/test/route-table.ts); a test fails when the document and the routes differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { registeredRoutes, routeTableMarkdown, withRouteTable } from '../apps/api/test/route-table.ts';

const file = path.join(ROOT, 'docs/architecture.md');
const table = routeTableMarkdown(await registeredRoutes());
writeFileSync(file, withRouteTable(readFileSync(file, 'utf8'), table));
console.log(`Wrote the route table of ${path.relative(ROOT, file)}`);

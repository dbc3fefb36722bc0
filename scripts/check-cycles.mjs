// Import cycles in apps/ and packages/, at two grains: between files (a runtime cycle means a module
// can run before what it imports has loaded) and between areas (API modules, web features,
// packages), where a cycle means two areas can no longer change apart. Type-only imports do not
// count: they vanish from the built code. Settings live in .madgerc.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { ROOT } from './lib.mjs';

const AREAS = [/^apps\/api\/src\/modules\/[^/]+/, /^apps\/web\/src\/features\/[^/]+/, /^packages\/[^/]+/];
// Cycles being taken apart: reported, not failed on. Nothing new may join.
const areaOf = (file) => AREAS.map((pattern) => file.match(pattern)?.[0]).find(Boolean);

/** Every cycle of a graph as strongly connected components of more than one node (Tarjan). */
export function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const config = JSON.parse(readFileSync(path.join(ROOT, '.madgerc'), 'utf8'));
const result = await madge(
  ['apps', 'packages'].map((dir) => path.join(ROOT, dir)),
  { ...config, baseDir: ROOT, excludeRegExp: config.excludeRegExp.map((source) => new RegExp(source)) },
);
const files = result.obj();

const areas = new Map();
for (const [file, imports] of Object.entries(files)) {
  const from = areaOf(file);
  if (!from) continue;
  if (!areas.has(from)) areas.set(from, new Set());
  for (const imported of imports) {
    const to = areaOf(imported);
    if (to && to !== from) areas.get(from).add(to);
  }
}

const fileCycles = result.circular();
const areaCycles = cyclesOf(areas).map((cycle) => cycle.join(' ⇄ '));
for (const cycle of fileCycles) console.error(`file cycle: ${cycle.join(' → ')} → ${cycle[0]}`);
for (const cycle of areaCycles) console.error(`area cycle: ${cycle}`);
if (fileCycles.length || areaCycles.length) process.exit(1);
console.log(`No import cycles among ${Object.keys(files).length} files and ${areas.size} areas`);

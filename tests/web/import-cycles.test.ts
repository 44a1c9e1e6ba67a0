// No module of the page imports itself back through others. In the single-file build (every chunk
// inlined, each module initialised when first imported) two cycles of lessons 2 and 3
// (first-view.ts <-> their figure modules) left both lessons undefined, without an error on the
// console: the page showed lesson 1 and two empty boxes. Type-only imports are erased and do not count.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/wasm-node';

const SRC = path.join(repoRoot, 'web/src');

/** Each .ts module of web/src with the modules of web/src it imports at run time. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.d.ts')) files.push(file);
    }
  };
  walk(SRC);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const deps: string[] = [];
    // `import x from './y'`, `import { a } from './y'` (over several lines), `import './y'`; not `import type`.
    for (const m of source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\bfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
      const target = path.resolve(path.dirname(file), m[1].endsWith('.ts') ? m[1] : `${m[1]}.ts`);
      if (fs.existsSync(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as the chain of files that closes it. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the page’s modules', () => {
  it('import no cycle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const named = cyclesOf(graph).map((c) => c.map((f) => path.relative(SRC, f)).join(' -> '));
    expect(named).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});

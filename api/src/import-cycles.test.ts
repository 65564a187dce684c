import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stronglyConnectedComponents } from '../test/helpers/strongly-connected.js';

const srcDir = dirname(new URL(import.meta.url).pathname);

type Graph = Map<string, string[]>;

/** The relative specifiers of a file's import and export-from statements, type-only ones included. */
function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ? statement.moduleSpecifier : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) specifiers.push(specifier.text);
  }
  return specifiers;
}

/** File → files it imports, for every non-test `.ts` file under `dir` (paths relative to `dir`). */
function importGraph(dir: string): Graph {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.split(sep).join('/'));
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = importSpecifiers(file, readFileSync(join(dir, file), 'utf8')).flatMap((specifier) => {
      const base = relative(dir, resolve(dir, dirname(file), specifier)).split(sep).join('/');
      const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`];
      const target = candidates.find((c) => known.has(c));
      return target ? [target] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import circle, one per strongly connected component, as a path `a → b → … → a`. */
function importCircles(graph: Graph): string[] {
  const components = stronglyConnectedComponents(graph);
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    // Shortest way back to the start inside the component (breadth-first), named file by file.
    const previous = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length > 0 && !last) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          last = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = last!; node !== start; node = previous.get(node)!) path.splice(1, 0, node);
    const more = component.length > path.length ? ` (${component.length} files in this tangle)` : '';
    return `${[...path, start].join(' → ')}${more}`;
  });
}

describe('API import graph', () => {
  it('reads import and export-from statements, type-only and multi-line ones included', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.js';",
      "export { e } from './e.js';",
      "export type { F } from './f/index.js';",
      "export * from './g.js';",
      "import './h.js';",
      "import { z } from 'zod';",
      "const later = await import('./dynamic.js');",
      "export const text = \"import { x } from './not-a-statement.js'\";",
    ].join('\n');
    expect(importSpecifiers('x.ts', text)).toEqual(['./a.js', '../b.js', './c.js', './e.js', './f/index.js', './g.js', './h.js']);
  });

  it('names a circle when there is one', () => {
    const graph: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['a.ts']],
    ]);
    expect(importCircles(graph).sort()).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → e.ts']);
  });

  it('has no import circle in api/src', { timeout: 60_000 }, () => {
    const graph = importGraph(srcDir);
    expect(existsSync(join(srcDir, 'app.ts'))).toBe(true);
    expect(graph.size).toBeGreaterThan(200);
    expect(importCircles(graph)).toEqual([]);
  });
});

// The run-time import graph of src/: which file imports which, ignoring
// `import type` and type-only specifiers (erased by tsc), read from the
// TypeScript sources with the compiler's own parser.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  to: string;
}

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...listTs(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Whether an import/export declaration is erased at run time (all its bindings are types). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const c = node.exportClause;
    return c !== undefined && ts.isNamedExports(c) && c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './x.js'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const b = clause.namedBindings;
  return b !== undefined && ts.isNamedImports(b) && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
}

/** Every import of a package or built-in module (`node:fs`, `typescript`, ...), type-only ones excluded. */
export function externalImports(srcDir: string): { file: string; module: string }[] {
  const root = resolve(srcDir);
  const out: { file: string; module: string }[] = [];
  for (const file of listTs(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const stmt of source.statements) {
      if (!ts.isImportDeclaration(stmt) && !ts.isExportDeclaration(stmt)) continue;
      const spec = stmt.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || spec.text.startsWith('.')) continue;
      if (isTypeOnly(stmt)) continue;
      out.push({ file: relative(root, file), module: spec.text });
    }
  }
  return out;
}

/** Run-time imports between files of `srcDir` (paths relative to it, `.ts`). */
export function runtimeImports(srcDir: string): ImportEdge[] {
  const root = resolve(srcDir);
  const edges: ImportEdge[] = [];
  for (const file of listTs(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const stmt of source.statements) {
      if (!ts.isImportDeclaration(stmt) && !ts.isExportDeclaration(stmt)) continue;
      const spec = stmt.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      if (isTypeOnly(stmt)) continue;
      const target = resolve(dirname(file), spec.text).replace(/\.js$/, '.ts');
      edges.push({ from: relative(root, file), to: relative(root, target) });
    }
  }
  return edges;
}

/** Every elementary cycle found by a DFS (one representative per strongly connected back edge). */
export function findCycles(edges: readonly ImportEdge[]): string[][] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    adj.get(e.from)!.push(e.to);
  }
  const state = new Map<string, 0 | 1 | 2>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (start: string): void => {
    // Iterative DFS: frames of (node, next child index).
    const frames: [string, number][] = [[start, 0]];
    state.set(start, 1);
    stack.push(start);
    while (frames.length) {
      const top = frames[frames.length - 1];
      const next = adj.get(top[0]) ?? [];
      if (top[1] < next.length) {
        const child = next[top[1]++];
        const s = state.get(child) ?? 0;
        if (s === 1) cycles.push([...stack.slice(stack.indexOf(child)), child]);
        else if (s === 0) {
          state.set(child, 1);
          stack.push(child);
          frames.push([child, 0]);
        }
      } else {
        state.set(top[0], 2);
        stack.pop();
        frames.pop();
      }
    }
  };
  for (const n of [...adj.keys()].sort()) if (!state.get(n)) visit(n);
  return cycles;
}

/** The top-level folder of a path relative to src/ (`ir`, `syntax`, `dialects`, ...; `.` for src/*.ts). */
export function layerOf(path: string): string {
  const i = path.indexOf('/');
  return i < 0 ? '.' : path.slice(0, i);
}

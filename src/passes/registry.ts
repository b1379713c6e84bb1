// The pass registry: pass arguments (`cse`, `canonicalize`) to their PassInfo.
// Passes register themselves from src/passes/all.ts.

import type { PassInfo } from './pass.js';

const REGISTRY = new Map<string, PassInfo>();

export function registerPass(info: PassInfo): void {
  REGISTRY.set(info.argument, info);
}

export function lookupPass(argument: string): PassInfo | undefined {
  return REGISTRY.get(argument);
}

/** Registered passes sorted by argument. */
export function registeredPasses(): PassInfo[] {
  return [...REGISTRY.values()].sort((a, b) => (a.argument < b.argument ? -1 : a.argument > b.argument ? 1 : 0));
}

/** `--list-passes` output, laid out as mlir-opt does. */
export function printRegisteredPasses(): string {
  const passes = registeredPasses();
  let maxWidth = 0;
  for (const p of passes) {
    let optWidth = 0;
    for (const o of p.options ?? []) optWidth = Math.max(optWidth, optionWidth(o));
    maxWidth = Math.max(maxWidth, (optWidth ? optWidth + 2 : 0) + 4);
  }
  let out = 'Passes:\n';
  for (const p of passes) {
    out += `  --${p.argument.padEnd(maxWidth - 4)}-   ${p.description}\n`;
    const sorted = [...(p.options ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const o of sorted) {
      const flag = '--' + o.name + valueSuffix(o);
      out += `    ${flag.padEnd(maxWidth - 2)}- ${o.description}\n`;
      if (o.kind === 'enum') for (const [n, d] of o.values ?? []) out += `    ${('=' + n).padEnd(maxWidth)}-   ${d}\n`;
    }
  }
  return out;
}

function valueSuffix(o: { kind: string }): string {
  switch (o.kind) {
    case 'bool':
      return '';
    case 'enum':
      return '=<value>';
    case 'string':
    case 'string-list':
      return '=<string>';
    case 'long-list':
      return '=<long>';
    case 'ulong-list':
      return '=<ulong>';
    case 'uint-list':
      return '=<uint>';
    default:
      return `=<${o.kind}>`;
  }
}

function optionWidth(o: { name: string; kind: string }): number {
  return o.name.length + valueSuffix(o).length + 6;
}

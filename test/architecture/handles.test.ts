// Transformations, conversions, the execution engine and every dialect's
// folders, canonicalization patterns and execution semantics (exec.ts) work through typed op handles: they
// never reach into an op by operand or region position, and never create or
// match an op by its name as a string (docs/DEVELOPING.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { srcDir } from './paths.js';

/** The files the rule covers (relative to src/). */
function filesInScope(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) out.push(relative(srcDir, p));
    }
  };
  walk(srcDir);
  return out.filter(
    (f) =>
      f.startsWith('transforms/') ||
      f.startsWith('conversions/') ||
      f.startsWith('exec/') ||
      /^dialects\/[^/]+\/(canonicalize|fold|exec|exec-wasm)\.ts$/.test(f) ||
      /^dialects\/[^/]+\/transforms\//.test(f),
  );
}

const DIALECTS = 'builtin|func|arith|cf|memref|ub|index|math|vector|llvm|test|scf|pipeline';

const RULES: { what: string; re: RegExp }[] = [
  { what: 'operand by position', re: /\.(operand|setOperand|opOperand)\(\s*\d+\s*[,)]|\.(operands|operandList)\[\s*\d+\s*\]|\.operands\.slice\(\s*\d/ },
  { what: 'region by position', re: /\.regions\[\s*\d+\s*\]/ },
  { what: 'op created by name', re: /\.create\(\s*['"`]/ },
  { what: 'op matched by name', re: /(name\.name|opName)\s*[!=]==?\s*['"`]|['"`]\s*[!=]==?\s*\w+(\.name)?\.name\b/ },
  { what: 'pattern rooted at a name', re: /legacyPattern\(/ },
  { what: 'op name looked up by string', re: /(lookupOp|getOperationName)\(\s*['"`]/ },
  { what: 'op name as a string literal', re: new RegExp(`['"\`](${DIALECTS})\\.[a-z_][a-z0-9_.]*['"\`]`) },
];

/**
 * Justified exceptions: `file:line-text` fragments. Each says why.
 */
const ALLOWED: { file: string; text: string; why: string }[] = [];

test('no op accessed by position or named by a string outside the declarations', () => {
  const problems: string[] = [];
  for (const file of filesInScope()) {
    const lines = readFileSync(join(srcDir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (/^\s*(\*|\/\*)/.test(code)) return;
      for (const rule of RULES) {
        if (!rule.re.test(code)) continue;
        if (ALLOWED.some((a) => a.file === file && line.includes(a.text))) continue;
        problems.push(`src/${file}:${i + 1}: ${rule.what}: ${line.trim()}`);
      }
    });
  }
  assert.equal(problems.length, 0, `\n${problems.join('\n')}`);
});

test('the rule sees the files it covers (sanity)', () => {
  const files = filesInScope();
  assert.ok(files.includes('transforms/cse.ts'));
  assert.ok(files.includes('dialects/scf/canonicalize.ts'));
  assert.ok(files.some((f) => f.startsWith('exec/')));
});

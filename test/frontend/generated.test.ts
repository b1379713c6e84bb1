// Generated TypeScript programs (gen.ts): `scf-ts --run` prints what Node
// prints, byte for byte; the `--emit=mlir-lowered` output is accepted by
// mlir-opt 22 and, through mlir-runner, prints the same numbers (Node's output
// rewritten in vector.print's format: %g-style numbers, 1/0 for booleans).
//
// SCFKIT_TS_PROGRAMS (default 300) sets the number of programs,
// SCFKIT_TS_SEED the base seed (default fixed; "random" picks one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileTS } from '../../src/frontend/compile.js';
import { lowerJsOps } from '../../src/frontend/lower-js.js';
import { PassManager, listPasses } from '../../src/api/passes.js';
import { compile } from '../../src/api/exec.js';
import { print, verify } from '../../src/api/text.js';
import { formatG } from '../../src/exec/numeric.js';
import { runReferenceAsync } from '../exec/difftool.js';
import { generateProgram } from './gen.js';
import { runNodeBatch, tempDir } from './tools.js';

const PROGRAMS = Number(process.env.SCFKIT_TS_PROGRAMS ?? 300);
const PER_BATCH = 100;
const seedEnv = process.env.SCFKIT_TS_SEED;
const BASE_SEED = seedEnv === 'random' ? (Math.random() * 2 ** 31) | 0 : Number(seedEnv ?? 20261126);
const SEP = '=== end of program';

/** scf-ts --run in process: compile, lower early exits (and fold), run `<prefix>main`. */
function runOurs(source: string, entry: string, fileName: string): { out: string; lowered: string } {
  const { module, diagnostics } = compileTS(source, { fileName });
  if (!module) throw new Error(`${fileName}: ${diagnostics.map((d) => d.text).join('')}\n${source}`);
  const problems = verify(module);
  if (problems.length) throw new Error(`${fileName}: invalid IR: ${problems.join('')}\n${source}`);
  const known = new Set(listPasses().map((p) => p.argument));
  const passes = ['scf-lower-early-exit', 'scf-fold-constant-loops'].filter((p) => known.has(p));
  if (passes.length) PassManager.parse(`builtin.module(func.func(${passes.join(',')}))`).run(module);
  let out = '';
  compile(module, { output: (s) => (out += s) }).invokeRaw(entry, []);
  lowerJsOps(module);
  return { out, lowered: print(module) };
}

/** Node's output as vector.print would print the same values. */
function asVectorPrint(text: string): string {
  return text.replace(/-?(?:Infinity|NaN|\d+(?:\.\d+)?(?:e[+-]\d+)?)(?!n)\b|true|false/g, (m) => {
    if (m === 'true') return '1';
    if (m === 'false') return '0';
    return formatG(Number(m));
  });
}

test(`generated TypeScript: ${PROGRAMS} programs, scf-ts --run vs node, lowered vs mlir-runner (seed ${BASE_SEED})`, { timeout: 20 * 60 * 1000 }, async () => {
  const dir = tempDir();
  let checked = 0;
  for (let batch = 0; batch * PER_BATCH < PROGRAMS; batch++) {
    const n = Math.min(PER_BATCH, PROGRAMS - batch * PER_BATCH);
    const sources = Array.from({ length: n }, (_, i) => generateProgram({ prefix: `p${i}_`, seed: BASE_SEED + batch * PER_BATCH + i }));
    const expected = runNodeBatch(sources, dir);
    const funcs: string[] = [];
    const mains: string[] = [];
    sources.forEach((src, i) => {
      const name = `gen-${BASE_SEED + batch * PER_BATCH + i}.ts`;
      const { out, lowered } = runOurs(src, `p${i}_main`, name);
      if (out !== expected[i]) writeFileSync(join(dir, name), src);
      assert.equal(out, expected[i], `${name} (saved in ${dir}): scf-ts --run differs from node`);
      funcs.push(lowered.replace(/^module \{\n/, '').replace(/\}\n$/, ''));
      mains.push(`    func.call @p${i}_main() : () -> ()\n    vector.print str "${SEP}\\n"`);
      checked++;
    });
    const file = join(dir, `batch${batch}.mlir`);
    writeFileSync(file, `module {\n${funcs.join('')}  func.func @main() {\n${mains.join('\n')}\n    return\n  }\n}\n`);
    const ref = await runReferenceAsync(file);
    assert.equal(ref.code, 0, `${file}: mlir-opt/mlir-runner failed: ${ref.stderr.slice(0, 2000)}`);
    const got = ref.stdout.split(SEP + '\n');
    sources.forEach((_, i) => {
      assert.equal(got[i], asVectorPrint(expected[i]), `program p${i} of ${file} (seed ${BASE_SEED + batch * PER_BATCH + i}): mlir-runner differs from node`);
    });
  }
  assert.equal(checked, PROGRAMS);
});

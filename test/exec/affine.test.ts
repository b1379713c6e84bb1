// affine.apply/min/max in the execution engine: scf-run must print what
// mlir-runner prints after MLIR 22's --lower-affine (the oracle's lowering),
// on random programs whose loops compute affine.min/max/apply of their
// induction variables (gen.ts's peelLoops: dynamic bounds and steps, values
// up to 2^52 under additions, divisions and modulos, so both the engine's
// plain-number and its exact wide paths run), and on hand-written edge cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateModule } from './gen.js';
import { runOurs, runReference, tempDir, writeTemp } from './difftool.js';

const PROGRAMS = Number(process.env.SCFKIT_AFFINE_PROGRAMS ?? 200);
const PER_BATCH = 100;
const normalize = (s: string): string => s.replace(/base@ = 0x[0-9a-f]+/g, 'base@ = <addr>');

function same(file: string, what: string): void {
  const ref = runReference(file);
  assert.equal(ref.code, 0, `mlir-runner failed on ${what}: ${ref.stderr.slice(0, 2000)}`);
  const ours = runOurs([file, '-e', 'main', '-entry-point-result=void']);
  assert.equal(ours.code, 0, `scf-run failed on ${what}: ${ours.stderr.slice(0, 2000)}`);
  const a = normalize(ref.stdout).split('\n');
  const b = normalize(ours.stdout).split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  assert.ok(i === a.length && a.length === b.length, `${what}: output line ${i + 1}: mlir-runner ${JSON.stringify(a[i])} vs scf-run ${JSON.stringify(b[i])}`);
}

test(`affine ops: ${PROGRAMS} generated programs, scf-run vs mlir-runner after --lower-affine`, { timeout: 10 * 60 * 1000 }, () => {
  const dir = tempDir();
  for (let k = 0; k * PER_BATCH < PROGRAMS; k++) {
    const seed = 7100 + k;
    const text = generateModule(seed, Math.min(PER_BATCH, PROGRAMS - k * PER_BATCH), { peelLoops: true, statements: 10 });
    assert.match(text, /affine\.min/);
    same(writeTemp(dir, `affine${k}.mlir`, text), `seed ${seed}`);
  }
});

// Negative operands of floordiv/ceildiv/mod, wrap-around in additions and in
// the expansion's `-1 - a` / `0 - a` / `a - 1` (unknown ranges: the exact
// path), min/max over several results, symbols as divisors, and the same
// maps with small known operands (the plain-number path).
const EDGE = `
func.func private @printI64(i64)
func.func private @printNewline()
func.func @show(%x: index) {
  %i = arith.index_cast %x : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
func.func @maps(%a: index, %b: index, %s: index) {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%a)
  func.call @show(%0) : (index) -> ()
  %1 = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%a)
  func.call @show(%1) : (index) -> ()
  %2 = affine.apply affine_map<(d0) -> (d0 mod 7)>(%a)
  func.call @show(%2) : (index) -> ()
  %3 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 1)>(%a, %b)
  func.call @show(%3) : (index) -> ()
  %4 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) floordiv 3)>(%a, %b)
  func.call @show(%4) : (index) -> ()
  %5 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%a)[%s]
  func.call @show(%5) : (index) -> ()
  %6 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%a)[%s]
  func.call @show(%6) : (index) -> ()
  %7 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%a)[%s]
  func.call @show(%7) : (index) -> ()
  %8 = affine.min affine_map<(d0, d1)[s0] -> (d0, d1 - 3, s0 * 2)>(%a, %b)[%s]
  func.call @show(%8) : (index) -> ()
  %9 = affine.max affine_map<(d0, d1)[s0] -> (d0, d1 - 3, s0 * 2)>(%a, %b)[%s]
  func.call @show(%9) : (index) -> ()
  return
}
func.func @main() {
  %m = arith.constant -9223372036854775808 : index
  %x = arith.constant 9223372036854775807 : index
  %n = arith.constant -13 : index
  %p = arith.constant 13 : index
  %z = arith.constant 0 : index
  %s3 = arith.constant 3 : index
  %s5 = arith.constant 5 : index
  func.call @maps(%m, %x, %s3) : (index, index, index) -> ()
  func.call @maps(%x, %x, %s5) : (index, index, index) -> ()
  func.call @maps(%n, %p, %s3) : (index, index, index) -> ()
  func.call @maps(%z, %n, %s5) : (index, index, index) -> ()
  func.call @maps(%p, %m, %s3) : (index, index, index) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = affine.apply affine_map<(d0) -> (d0 * 5 - 11)>(%i)
    %b = affine.apply affine_map<(d0) -> (7 - d0 * 3)>(%i)
    func.call @maps(%a, %b, %s3) : (index, index, index) -> ()
  }
  return
}
`;

test('affine ops: edge cases, scf-run vs mlir-runner after --lower-affine', () => {
  const dir = tempDir();
  same(writeTemp(dir, 'edge.mlir', EDGE), 'edge cases');
});

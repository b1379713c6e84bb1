// convert-cf-to-llvm and convert-to-llvm against mlir-opt 22: byte-for-byte
// output on small inputs per op family (branches with index and other block
// arguments, switch, assert, vector.print of each scalar kind, strings and
// punctuation), and on generated programs through
// `--convert-scf-to-cf --convert-cf-to-llvm`, whose lowered form must also
// print what the program prints.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadModule } from '../../src/index.js';
import { runOpt } from '../../src/tools/opt-driver.js';
import { runScfRun } from '../../src/tools/scf-run-driver.js';
import { generateModule } from '../exec/gen.js';
import { MLIR_OPT } from '../exec/difftool.js';

function reference(args: string[], input: string): { stdout: string; status: number | null } {
  const r = spawnSync(MLIR_OPT, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { stdout: r.stdout, status: r.status };
}

function sameAsMlirOpt(args: string[], input: string, what: string): string {
  const ref = reference(args, input);
  assert.equal(ref.status, 0, `mlir-opt rejected ${what}`);
  const ours = runOpt(args, input);
  assert.equal(ours.exitCode, 0, `${what}: ${ours.stderr}`);
  assert.equal(ours.stdout, ref.stdout, `${what} with ${args.join(' ')}`);
  return ours.stdout;
}

const BRANCHES = `func.func @f(%a: index, %b: index, %c: i1, %s: i32, %f: f32) -> index {
  %z = arith.addi %a, %b : index
  cf.cond_br %c, ^bb1(%a, %b : index, index), ^bb2(%z, %f : index, f32) {branch_weights = array<i32: 3, 5>}
^bb1(%x: index, %y: index):
  %w = arith.addi %y, %x : index
  cf.br ^bb2(%w, %f : index, f32)
^bb2(%r: index, %g: f32):
  cf.switch %s : i32, [
    default: ^bb3(%r : index),
    5: ^bb4,
    7: ^bb3(%a : index)
  ]
^bb3(%unused: index):
  cf.br ^bb4
^bb4:
  cf.assert %c, "first"
  %t = arith.cmpi slt, %r, %b : index
  cf.assert %t, "second"
  cf.br ^bb5(%t : i1)
^bb5(%u: i1):
  cf.cond_br %u, ^bb5(%u : i1), ^bb6
^bb6:
  return %r : index
}
`;

const PRINTS = `llvm.func @entry(%a: i64, %b: i1, %c: i32, %d: f64, %e: i8, %f: f32, %n: i64) {
  vector.print str "hi\\n"
  vector.print str "hi\\n"
  vector.print str "yo"
  vector.print %a : i64
  vector.print %b : i1
  vector.print %c : i32
  vector.print %d : f64
  vector.print %e : i8
  vector.print %f : f32
  vector.print punctuation <comma>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  vector.print %a : i64 punctuation <no_punctuation>
  vector.print %a : i64 punctuation <comma>
  %z = llvm.icmp "eq" %a, %n : i64
  cf.cond_br %z, ^bb1(%a : i64), ^bb2
^bb1(%x: i64):
  vector.print %x : i64
  cf.assert %z, "bad"
  cf.br ^bb2
^bb2:
  llvm.return
}
`;

test('convert-cf-to-llvm matches mlir-opt 22 (index block arguments, switch, assert, weights)', () => {
  sameAsMlirOpt(['--convert-cf-to-llvm'], BRANCHES, 'branches');
  sameAsMlirOpt(['--convert-cf-to-llvm=index-bitwidth=32'], BRANCHES, 'branches (32-bit index)');
  sameAsMlirOpt(['--convert-cf-to-llvm'], PRINTS, 'prints');
  const out = runOpt(['--convert-cf-to-llvm'], BRANCHES).stdout;
  assert.doesNotMatch(out, /\bcf\./);
  assert.match(out, /llvm\.call @abort\(\)/);
});

test('convert-to-llvm matches mlir-opt 22 on llvm functions with cf and vector.print', () => {
  const out = sameAsMlirOpt(['--convert-to-llvm'], PRINTS, 'prints');
  assert.match(out, /@vector_print_str_0/);
  sameAsMlirOpt(['--convert-cf-to-llvm', '--convert-to-llvm'], PRINTS, 'prints');
  sameAsMlirOpt(['--convert-to-llvm=filter-dialects=cf'], PRINTS, 'prints (cf only)');
});

test('generated programs: convert-scf-to-cf + convert-cf-to-llvm equal mlir-opt 22 and keep their output', () => {
  const n = Number(process.env.SCFKIT_TOLLVM_PROGRAMS ?? 50);
  const seed = Number(process.env.SCFKIT_TOLLVM_SEED ?? 7100);
  const args = ['--convert-scf-to-cf', '--convert-cf-to-llvm'];
  for (let i = 0; i < n; i++) {
    const src = generateModule(seed + i, 1);
    const lowered = sameAsMlirOpt(args, src, `program ${seed + i}`);
    let before = '';
    let after = '';
    loadModule(src, { output: (s) => (before += s) }).call('main');
    loadModule(lowered, { output: (s) => (after += s) }).call('main');
    assert.equal(after, before, `program ${seed + i}: the lowered program prints differently`);
  }
});

function scfRun(input: string): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runScfRun(['-e', 'entry', '-entry-point-result=void'], { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) }, input);
  return { code, stdout, stderr };
}

test('lowered llvm functions run: prints, branches, and a failing cf.assert prints its message and aborts', () => {
  const src = `llvm.func @entry() {
  %f = llvm.mlir.constant(false) : i1
  %t = llvm.mlir.constant(true) : i1
  %k = llvm.mlir.constant(-3 : i32) : i32
  vector.print str "before\\n"
  vector.print %k : i32
  vector.print %t : i1
  cf.assert %t, "fine"
  cf.cond_br %t, ^bb1(%k : i32), ^bb2
^bb1(%x: i32):
  vector.print %x : i32 punctuation <comma>
  vector.print punctuation <newline>
  cf.assert %f, "assertion foo"
  cf.br ^bb2
^bb2:
  vector.print str "after\\n"
  llvm.return
}
`;
  const lowered = sameAsMlirOpt(['--convert-cf-to-llvm', '--convert-to-llvm'], src, 'assert program');
  const r = scfRun(lowered);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, 'before\n-3\n1\n-3, \nassertion foo\n');
  assert.match(r.stderr, /error: 'llvm\.call' op abort\(\) called/);
});

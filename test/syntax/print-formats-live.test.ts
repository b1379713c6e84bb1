// The printer's fast paths checked live against mlir-opt 22: assembly formats
// run as compiled steps (optional groups taken and not, attr-dicts with and
// without discardable attributes, formats whose spacing after an optional
// group depends on the branch, which keep the element closures), `%N` names
// written as digits, func.func's print hook and dense elements whose text is
// kept on the attribute. A second print in the same process (formats then
// called directly, texts from the caches) must print the same bytes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runOpt } from '../../src/tools/opt-driver.js';
import { createContext } from '../../src/dialects/registry.js';
import { parseModule } from '../../src/syntax/module-parser.js';
import { SourceFile } from '../../src/syntax/source.js';
import { Printer, type PrintOptions } from '../../src/syntax/printer.js';

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

function mlirOpt(args: string[], input: string): string {
  const ref = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' });
  assert.equal(ref.status, 0, ref.stderr);
  return ref.stdout;
}

function sameAsMlirOpt(args: string[], input: string): void {
  const r = runOpt([...args, '-'], input);
  assert.equal(r.stderr, '');
  assert.equal(r.exitCode, 0);
  assert.equal(r.stdout, mlirOpt(args, input));
}

/** Many numbered values (past %1000), so names of one to four digits print. */
function longBody(n: number): string {
  const lines: string[] = [];
  lines.push(`  %c1 = arith.constant 1 : i32`);
  let prev = '%c1';
  for (let i = 0; i < n; i++) {
    lines.push(`  %v${i} = arith.addi ${prev}, %c1 : i32`);
    prev = `%v${i}`;
  }
  return lines.join('\n') + `\n  return ${prev} : i32`;
}

const FORMS = `func.func private @ext(i32 {llvm.noundef}, f32) -> (i32 {llvm.zeroext}, f32)
func.func nested @ext2() attributes {foo = 1 : i32}
func.func @forms(%a: i32 {test.a = 1}, %b: f32, %c: i1, %m: memref<?xf32>, %n: index) -> (i32 {test.r}) attributes {zz, aa = "x"} {
  %0 = arith.addi %a, %a overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %a : i32
  %2 = arith.divui %1, %a : i32
  %3 = arith.divui %2, %a exact : i32
  %4 = arith.addf %b, %b fastmath<fast> : f32
  %5 = arith.addf %4, %b {tag = "t"} : f32
  %6 = arith.cmpi slt, %3, %a : i32
  %7 = arith.cmpf ogt, %5, %b fastmath<nnan> : f32
  %8:2 = arith.addui_extended %3, %a : i32, i1
  %9 = arith.select %6, %8#0, %a : i32
  %10 = arith.index_cast %n : index to i32
  %11 = arith.sitofp %10 : i32 to f32
  %12 = arith.constant dense<[1.5, 2.0e+10, 0.1]> : tensor<3xf32>
  %13 = arith.constant dense<[1.5, 2.0e+10, 0.1]> : tensor<3xf32>
  %14 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %15 = arith.constant dense<3.25> : tensor<4xf64>
  %16 = memref.alloc(%n) : memref<?xf32>
  %17 = memref.load %16[%n] : memref<?xf32>
  memref.store %17, %m[%n] {nontemporal = true} : memref<?xf32>
  memref.dealloc %16 : memref<?xf32>
  %18 = scf.if %c -> (i32) {
    scf.yield %9 : i32
  } else {
    scf.yield %a : i32
  }
  %19:2 = scf.while (%x = %18, %y = %b) : (i32, f32) -> (i32, f32) {
    %20 = arith.cmpi slt, %x, %a : i32
    scf.condition(%20) %x, %y : i32, f32
  } do {
  ^bb0(%x2: i32, %y2: f32):
    scf.yield %x2, %y2 : i32, f32
  }
  scf.for %i = %n to %n step %n {
    scf.yield
  }
  cf.br ^bb1(%19#0 : i32)
^bb1(%p: i32):
  cf.cond_br %c, ^bb2, ^bb3(%p : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%q: i32):
  return %q : i32
}
func.func @long() -> i32 {
${longBody(1100)}
}
`;

test('formats, func.func and dense elements print as mlir-opt 22 prints them', () => {
  for (const flags of [[], ['--mlir-print-op-generic'], ['--mlir-print-debuginfo'], ['--mlir-print-local-scope']])
    sameAsMlirOpt(flags, FORMS);
});

test('a second print in the same process prints the same bytes (direct format calls, cached texts)', () => {
  const expected = mlirOpt([], FORMS);
  const ctx = createContext();
  const module = parseModule(ctx, SourceFile.fromText('forms', FORMS));
  assert.ok(module);
  const options: PrintOptions = {};
  const first = new Printer(ctx, options).printOperation(module) + '\n';
  const second = new Printer(ctx, options).printOperation(module) + '\n';
  assert.equal(first, expected);
  assert.equal(second, expected);
  const chunks: Uint8Array[] = [];
  new Printer(ctx, options).printOperationTo(module, (c) => chunks.push(c));
  assert.equal(Buffer.concat(chunks).toString('latin1') + '\n', expected);
});

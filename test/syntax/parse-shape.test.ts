// Parsed ops in their final shape with less per op (branch parse9): region
// lists made at their size by every parse path (custom hooks through
// OperationState.addRegion, assembly formats, the generic form), implicit
// terminators found by the region's last-block link, compared live with
// mlir-opt 22.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../../src/api/text.js';
import { assertParseErrorAsMlirOpt, assertParsePrintAsMlirOpt } from '../opt-cases.js';
import type { Operation } from '../../src/ir/operation.js';
import { OperationState } from '../../src/ir/op-asm.js';
import { Region } from '../../src/ir/operation.js';
import { createContext } from '../../src/dialects/registry.js';

function withDir(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-shape-'));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each op's name, number of regions, and whether every region knows its op and its place. */
function regionShapes(m: Operation): string[] {
  const out: string[] = [];
  m.walk((op) => {
    if (!op.regions.length) return;
    const ok = op.regions.every((r, i) => r.parentOp === op && r.index === i);
    out.push(`${op.opName}:${op.regions.length}:${ok}`);
  }, 'pre');
  return out;
}

const REGIONS = `func.func @f(%c: i1, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %c {
    %y = arith.addi %x, %x : i32
  }
  %w = scf.while (%i = %x) : (i32) -> i32 {
    %t = arith.cmpi slt, %i, %x : i32
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  scf.for %iv = %c0 to %n step %c1 {
    %z = arith.muli %x, %x : i32
  }
  %e = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %x : i32
  }
  memref.alloca_scope {
    %m = memref.alloca() : memref<4xi32>
  }
  %g = "scf.if"(%c) ({
    "scf.yield"(%x) : (i32) -> ()
  }, {
    "scf.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  scf.forall (%k) in (%n) {
    %q = arith.addi %x, %x : i32
  }
  return %a : i32
}
`;

test('ops with one and two regions, custom, generic and with implicit terminators, print as mlir-opt', () => {
  withDir((dir) => assertParsePrintAsMlirOpt('regions', REGIONS, join(dir, 'case.mlir')));
});

test('parsed region lists hold their regions in order, each knowing its op', () => {
  const m = parse(REGIONS);
  assert.deepEqual(regionShapes(m), [
    'builtin.module:1:true',
    'func.func:1:true',
    'scf.if:2:true',
    'scf.if:2:true',
    'scf.while:2:true',
    'scf.for:1:true',
    'scf.execute_region:1:true',
    'memref.alloca_scope:1:true',
    'scf.if:2:true',
    'scf.forall:1:true',
    'scf.forall.in_parallel:1:true',
  ]);
  // The implicit terminators went into the last (only) block of each region.
  const ends: string[] = [];
  m.walk((op) => {
    if (op.opName === 'scf.for' || op.opName === 'memref.alloca_scope' || op.opName === 'scf.forall')
      ends.push(`${op.opName}>${op.regions[0].lastBlock!.last!.opName}`);
  }, 'pre');
  assert.deepEqual(ends, ['scf.for>scf.yield', 'memref.alloca_scope>memref.alloca_scope.return', 'scf.forall>scf.forall.in_parallel']);
});

test('OperationState.addRegion keeps every region, in order, past two', () => {
  const ctx = createContext();
  const state = new OperationState(ctx.getOperationName('test.regions'), undefined);
  const rs = [new Region(), new Region(), new Region(), new Region()];
  for (const r of rs) assert.equal(state.addRegion(r), r);
  assert.deepEqual(state.regions, rs);
});

// ---- SSA names in an open-addressing table (a Map past 4,096 names)

/** A function defining `n` values %v0..%v(n-1) in a chain, `extra` inserted before its return. */
function chain(n: number, extra = ''): string {
  const lines = ['func.func @f(%a: i32, %c: i1) -> i32 {', '  %v0 = arith.addi %a, %a : i32'];
  for (let i = 1; i < n; i++) lines.push(`  %v${i} = arith.addi %v${i - 1}, %v${i >> 1} : i32`);
  lines.push(extra, `  return %v${n >> 1} : i32`, '}', '');
  return lines.join('\n');
}

test('functions of 40, 300 and 5,000 names (the table grown, then moved to a Map) print as mlir-opt', () => {
  withDir((dir) => {
    for (const n of [40, 300, 5000]) assertParsePrintAsMlirOpt(`chain ${n}`, chain(n), join(dir, 'case.mlir'));
    // Results by number, a nested region using outer names, and a name reused after its scope ended.
    const multi = chain(
      300,
      [
        '  %r:2 = scf.if %c -> (i32, i32) {',
        '    %v9000 = arith.addi %v17, %v299 : i32',
        '    scf.yield %v9000, %v3 : i32, i32',
        '  } else {',
        '    scf.yield %v5, %v6 : i32, i32',
        '  }',
        '  %v9000 = arith.addi %r#1, %r#0 : i32',
      ].join('\n'),
    );
    assertParsePrintAsMlirOpt('results and scopes', multi, join(dir, 'case.mlir'));
  });
});

test('name errors in small, grown and Map tables report as mlir-opt', () => {
  withDir((dir) => {
    const file = join(dir, 'case.mlir');
    for (const n of [40, 300, 5000]) {
      assertParseErrorAsMlirOpt(`redefinition ${n}`, chain(n, `  %v${n - 7} = arith.addi %a, %a : i32`), file);
      assertParseErrorAsMlirOpt(`undefined ${n}`, chain(n, `  %w = arith.addi %v${n}, %a : i32`), file);
      assertParseErrorAsMlirOpt(`wrong type ${n}`, chain(n, `  %w = arith.addf %v${n - 3}, %v${n - 3} : f32`), file);
      assertParseErrorAsMlirOpt(`result number ${n}`, chain(n, `  %w = arith.addi %v${n - 2}#1, %a : i32`), file);
    }
  });
});

test('every parsed value has its mark back at 0 once its scope ends', () => {
  for (const n of [40, 5000]) {
    // Unverified: the verifier's walks use the marks too.
    // Top-level values are in the outermost scope (reset when the parse ends), the rest in nested ones.
    const top = Array.from({ length: n }, (_, i) => `%t${i} = arith.constant ${i} : i32\n`).join('');
    const m = parse(top + chain(n, '  scf.if %c {\n    %in = arith.addi %v1, %v2 : i32\n  }'), { verify: false });
    let nonzero = 0;
    let values = 0;
    m.walk((op) => {
      for (let i = 0; i < op.numResults; i++, values++) if (op.result(i).mark !== 0) nonzero++;
      for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) for (const a of b.args) (values++, a.mark !== 0 && nonzero++);
    });
    assert.ok(values > 2 * n, `${n}: ${values} values`);
    assert.equal(nonzero, 0, `${n} names`);
  }
});

test('custom parsers read an attribute dictionary into the op state only when one is written', () => {
  const text = `func.func @f(%m: memref<4xf32>, %n: index, %c: i1) {
  %c0 = arith.constant {tag = 1 : i32} 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] {nontemporal = true} : memref<4xf32>
    memref.store %v, %m[%i] : memref<4xf32>
  } {unroll = 2 : i64}
  scf.if %c {
  } {marker}
  return {ret}
}
`;
  withDir((dir) => assertParsePrintAsMlirOpt('dictionaries', text, join(dir, 'case.mlir')));
  const m = parse(text);
  const dicts: string[] = [];
  m.walk((op) => {
    dicts.push(`${op.opName}:${[...op.attributes.keys()].join(',')}`);
  }, 'pre');
  assert.deepEqual(dicts, [
    'builtin.module:',
    'func.func:',
    'arith.constant:tag',
    'arith.constant:',
    'scf.for:unroll',
    'memref.load:',
    'memref.store:',
    'scf.yield:',
    'scf.if:marker',
    'scf.yield:',
    'func.return:ret',
  ]);
});

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
import { assertParsePrintAsMlirOpt } from '../opt-cases.js';
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

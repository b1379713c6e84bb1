// Implicit terminators made by the parse hooks through the positional
// constructor (OperationState.newOpHere, branch parse9b): same ops, operands
// and locations as before, compared live with mlir-opt 22 with debug info.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { optAndReference } from '../opt-cases.js';
import type { Operation } from '../../src/ir/operation.js';
import { OperationState } from '../../src/ir/op-asm.js';
import { Region } from '../../src/ir/operation.js';
import { createContext } from '../../src/dialects/registry.js';
import { FileLineColLoc } from '../../src/ir/location.js';

const IMPLICIT = `func.func @f(%c: i1, %n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    %y = arith.addi %x, %x : i32
  } else {
    %z = arith.muli %x, %x : i32
  }
  scf.for %iv = %c0 to %n step %c1 {
    %w = arith.addi %x, %x : i32
  }
  memref.alloca_scope {
    %m = memref.alloca() : memref<4xi32>
  }
  scf.forall (%k) in (%n) {
    %q = arith.addi %x, %x : i32
  }
  return
}
`;

test('implicit terminators print as mlir-opt, locations included', () => {
  for (const args of [[], ['--mlir-print-debuginfo'], ['--mlir-print-op-generic', '--mlir-print-debuginfo']]) {
    const r = optAndReference(IMPLICIT, ...args);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.ref.code, 0, r.ref.err);
    assert.equal(r.out, r.ref.out, args.join(' '));
  }
});

/** Each implicit terminator as `parent>terminator@line:col (parent@line:col)`, locations as computed. */
function terminators(m: Operation): string[] {
  const out: string[] = [];
  const at = (op: Operation): string => {
    const l = op.location;
    return l instanceof FileLineColLoc ? `${l.line}:${l.column}` : String(l);
  };
  m.walk((op) => {
    const parent = op.parentOp;
    if (parent === null || op.next !== null || !/scf\.(if|for|forall)|alloca_scope/.test(parent.opName)) return;
    out.push(`${parent.opName}>${op.opName}@${at(op)} (${at(parent)}) pending:${op.hasParsedLocation}`);
  }, 'pre');
  return out;
}

test("a parsed implicit terminator takes its op's location, still pending until asked", () => {
  const m = parse(IMPLICIT, { fileName: 'f.mlir' });
  // hasParsedLocation is read before the location (reading it resolves it).
  const pending: boolean[] = [];
  m.walk((op) => {
    if (op.opName === 'scf.yield' || op.opName === 'memref.alloca_scope.return' || op.opName === 'scf.forall.in_parallel')
      pending.push(op.hasParsedLocation);
  }, 'pre');
  assert.deepEqual(pending, [true, true, true, true, true]);
  assert.deepEqual(terminators(m), [
    'scf.if>scf.yield@4:3 (4:3) pending:false',
    'scf.if>scf.yield@4:3 (4:3) pending:false',
    'scf.for>scf.yield@9:3 (9:3) pending:false',
    'memref.alloca_scope>memref.alloca_scope.return@12:3 (12:3) pending:false',
    'scf.forall>scf.forall.in_parallel@15:3 (15:3) pending:false',
  ]);
});

test('OperationState.newOpHere: pending or given location, operands, regions', () => {
  const ctx = createContext();
  const name = ctx.getOperationName('test.t');
  const given = FileLineColLoc.get('g.mlir', 3, 7);
  const s1 = new OperationState(name, given);
  const a = s1.newOpHere(name);
  assert.equal(a.location, given);
  assert.equal(a.numOperands, 0);
  assert.equal(a.numResults, 0);
  assert.equal(a.regions.length, 0);
  // A parsed region argument as an operand, two regions.
  const m = parse('func.func @g(%v: i32) { return }', { fileName: 'h.mlir' });
  let arg: import('../../src/ir/operation.js').Value | undefined;
  m.walk((op) => {
    if (op.opName === 'func.func') arg = op.regions[0].entry.args[0];
  }, 'pre');
  const b = s1.newOpHere(name, [arg!], 2);
  assert.equal(b.numOperands, 1);
  assert.equal(b.operand(0), arg);
  assert.equal(b.regions.length, 2);
  assert.ok(b.regions.every((r: Region, i: number) => r.parentOp === b && r.index === i));
  assert.equal(arg!.uses().next().value?.owner, b);
});

test("an assembly format's implicit terminator (test.cse_of_single_block_op) takes the op's location", () => {
  const m = parse('func.func @f(%a: i32) {\n  %r = test.cse_of_single_block_op inputs(%a) {\n  ^bb0(%x: i32):\n  } : i32 -> i32\n  return\n}\n', {
    fileName: 'fmt.mlir',
    verify: false, // the implicit test.region_yield has no operand: the parse is what is tested
  });
  const seen: string[] = [];
  m.walk((op) => {
    if (op.opName !== 'test.cse_of_single_block_op') return;
    const t = op.regions[0].entry.last!;
    const pending = t.hasParsedLocation;
    const l = t.location as FileLineColLoc;
    const pl = op.location as FileLineColLoc;
    seen.push(`${t.opName} ${t.numOperands} ${pending} ${l.filename}:${l.line}:${l.column} ${pl.line}:${pl.column}`);
  }, 'pre');
  assert.deepEqual(seen, ['test.region_yield 0 true fmt.mlir:2:8 2:8']);
});

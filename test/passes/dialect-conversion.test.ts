// The dialect-conversion driver (applyPartialConversion) through its API: the
// order it visits ops in (pre-order, or each block's ops last first), that
// ops created by a pattern are legalized right away while moved ones are
// not, that the first failure in pre-order is the one reported, and that a
// target changed after use answers with the change. Output of the pass
// itself is compared live with mlir-opt in superlinear.test.ts and the
// conformance corpus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, print } from '../../src/api/text.js';
import { ConversionTarget, applyPartialConversion } from '../../src/transforms/dialect-conversion.js';
import { anyOpPattern, type RewritePattern } from '../../src/ir/pattern.js';
import type { Operation } from '../../src/ir/operation.js';
import { testOptCases } from '../opt-cases.js';

// Nested regions, multi-block regions and ops after region ops in the same block.
const NESTED = `func.func @f(%c: i1, %n: index) {
  "test.a"() : () -> ()
  scf.if %c {
    "test.b"() : () -> ()
    "test.c"() ({
      "test.d"() : () -> ()
      "test.e"() : () -> ()
    }, {
      "test.f"() : () -> ()
    }) : () -> ()
    "test.g"() : () -> ()
  } else {
    "test.h"() : () -> ()
  }
  "test.i"() : () -> ()
  cf.br ^bb1
^bb1:
  "test.j"() ({
    "test.k"() : () -> ()
    "test.br"() [^bb2] : () -> ()
  ^bb2:
    "test.l"() : () -> ()
  }) : () -> ()
  "test.m"() : () -> ()
  return
}
`;

/** The order a recursive walk gives: each op before its regions; a block's ops in order, or last first. */
function reference(root: Operation, lastFirst: boolean): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation): void => {
    for (const r of op.regions)
      for (const b of r.blocks) {
        const ops = [...b.ops];
        if (lastFirst) ops.reverse();
        for (const o of ops) {
          out.push(o);
          visit(o);
        }
      }
  };
  visit(root);
  return out;
}

function visitOrder(lastSiblingFirst: boolean): { seen: Operation[]; expected: Operation[] } {
  const m = parse(NESTED, { allowUnregisteredDialects: true });
  const seen: Operation[] = [];
  const target = new ConversionTarget();
  // Every op is of a kind the target does not name: its legality is asked of this test, once per op.
  target.markUnknownOpDynamicallyLegal((op) => {
    seen.push(op);
    return true;
  });
  assert.equal(applyPartialConversion(m.context, m, target, [], { lastSiblingFirst }), true);
  return { seen, expected: reference(m, lastSiblingFirst) };
}

test('the driver visits every nested op once, in pre-order', () => {
  const { seen, expected } = visitOrder(false);
  assert.equal(seen.length, 20);
  assert.deepEqual(
    seen.map((o) => o.name.name),
    expected.map((o) => o.name.name),
  );
  assert.ok(seen.every((o, i) => o === expected[i]));
});

test('lastSiblingFirst visits each block last op first, parents before their regions, blocks and regions in order', () => {
  const { seen, expected } = visitOrder(true);
  assert.equal(seen.length, 20);
  assert.ok(seen.every((o, i) => o === expected[i]));
  // Spot checks of the shape: the function, then its entry block from `cf.br` back to `test.a`.
  assert.deepEqual(
    seen.slice(0, 4).map((o) => o.name.name),
    ['func.func', 'cf.br', 'test.i', 'scf.if'],
  );
});

test('ops a pattern creates are legalized right away; ops it moves are not visited again', () => {
  const m = parse(
    `func.func @f() {
  "test.one"() : () -> ()
  "test.keep"() : () -> ()
  return
}
`,
    { allowUnregisteredDialects: true },
  );
  const ctx = m.context;
  const target = new ConversionTarget();
  const illegal = new Set(['test.one', 'test.two']);
  const asked: string[] = [];
  target.markUnknownOpDynamicallyLegal((op) => {
    asked.push(op.name.name);
    return !illegal.has(op.name.name);
  });
  const patterns: RewritePattern[] = [
    // test.one -> test.two (illegal too, so lowered at once by the next pattern), after moving test.keep before it.
    anyOpPattern((op, rw) => {
      if (op.name.name !== 'test.one') return false;
      rw.moveOpBefore(op.next!, op);
      rw.setInsertionPointBefore(op);
      rw.create('test.two');
      rw.eraseOp(op);
      return true;
    }),
    anyOpPattern((op, rw) => {
      if (op.name.name !== 'test.two') return false;
      rw.setInsertionPointBefore(op);
      rw.create('test.three');
      rw.eraseOp(op);
      return true;
    }),
  ];
  assert.equal(applyPartialConversion(ctx, m, target, patterns), true);
  assert.match(print(m), /"test.keep"\(\) : \(\) -> \(\)\n\s*"test.three"\(\) : \(\) -> \(\)\n\s*return/);
  // Pre-order: func, test.one (lowered: test.two, then test.three, created in turn), test.keep once, return.
  assert.deepEqual(asked, ['func.func', 'test.one', 'test.two', 'test.three', 'test.keep', 'func.return']);
});

test('lastSiblingFirst reports the first op in pre-order that cannot be legalized', () => {
  const m = parse(
    `func.func @f() {
  "test.x"() ({
    "test.bad"() {n = 1} : () -> ()
  }) : () -> ()
  "test.bad"() {n = 2} : () -> ()
  "test.bad"() {n = 3} : () -> ()
  return
}
`,
    { allowUnregisteredDialects: true, printOpOnDiagnostic: false, fileName: 'in.mlir' },
  );
  const ctx = m.context;
  const target = new ConversionTarget();
  target.markUnknownOpDynamicallyLegal((op) => op.name.name !== 'test.bad');
  // A dialect-level rule for the unregistered `test` ops would take precedence: none is set.
  assert.equal(applyPartialConversion(ctx, m, target, [], { lastSiblingFirst: true }), true, 'unknown ops are not failures');
  target.addIllegalDialect('test');
  target.addLegalOp({ opName: 'test.x' });
  assert.equal(applyPartialConversion(ctx, m, target, [], { lastSiblingFirst: true }), false);
  const errors = ctx.diagnostics.take().filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1);
  assert.equal(errors[0].message, "failed to legalize operation 'test.bad' that was explicitly marked illegal");
  assert.match(String(errors[0].location), /in\.mlir":3:5/);
});

test('a target changed after it was asked answers with the change', () => {
  const m = parse(`func.func @f() {\n  return\n}\n`);
  const ret = m.regions[0].entry.first!.regions[0].entry.first!;
  const target = new ConversionTarget();
  assert.equal(target.legality(ret), 'unknown');
  target.addLegalDialect('func');
  assert.equal(target.legality(ret), 'legal');
  target.addIllegalOp({ opName: 'func.return' });
  assert.equal(target.legality(ret), 'illegal');
  target.addDynamicallyLegalOp({ opName: 'func.return' }, () => true);
  assert.equal(target.legality(ret), 'legal');
});

// The lowered ops take their locations from the ops they replace without
// making them first (Operation.copyLocationTo): printed with debug info, each
// must still be the location mlir-opt gives, and lazily made ones must be
// the same as made ones (parsed with and without explicit locations).
testOptCases([
  {
    // The driver folds an illegal op before its patterns: scf.if's folder
    // swaps the regions of an if on `xori %c, true` in place.
    name: 'convert-scf-to-cf: an scf.if on a negated condition is folded (regions swapped) before it is lowered',
    args: ['--convert-scf-to-cf', '--allow-unregistered-dialect'],
    input: `func.func @f(%x: i32, %c: i1) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  "test.use"(%c) : (i1) -> ()
  return %r : i32
}
`,
  },
  {
    name: 'convert-scf-to-cf --mlir-print-value-users: scf ops that do not fold have their operand uses re-linked',
    args: ['--convert-scf-to-cf', '--allow-unregistered-dialect', '--mlir-print-value-users'],
    input: `func.func @f(%x: i32, %c: i1) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  "test.use"(%c) : (i1) -> ()
  return %r : i32
}
`,
  },
  {
    // ForOp::build gives each iter arg its init value's location (v.getLoc()):
    // the scf.parallel lowering's scf.for, then its loop header block.
    name: 'convert-scf-to-cf --mlir-print-debuginfo: a parallel loop with a reduction lowers to a for whose iter arg has the init value location',
    args: ['--convert-scf-to-cf', '--mlir-print-debuginfo'],
    input: `func.func @par(%lb: index, %ub: index, %s: index, %m: memref<?xf32>) -> f32 {
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}
`,
  },
  {
    name: 'convert-scf-to-cf --mlir-print-debuginfo: for, if with results, while, do-while, loop with break',
    args: ['--convert-scf-to-cf', '--mlir-print-debuginfo'],
    input: `func.func @f(%lb: index, %ub: index, %c: i1, %x: i32) -> i32 {
  %s = scf.for %i = %lb to %ub step %lb iter_args(%a = %x) -> (i32) {
    %r = scf.if %c -> (i32) {
      %y = arith.addi %a, %a : i32
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %r : i32
  }
  %w = scf.while (%v = %s) : (i32) -> i32 {
    %k = arith.cmpi slt, %v, %x : i32
    scf.condition(%k) %v : i32
  } do {
  ^bb0(%v: i32):
    %n = arith.addi %v, %x : i32
    scf.yield %n : i32
  }
  %d = scf.while (%v = %w) : (i32) -> i32 {
    %k = arith.cmpi slt, %v, %x : i32
    scf.condition(%k) %v : i32
  } do {
  ^bb0(%v: i32):
    scf.yield %v : i32
  }
  return %d : i32
}
`,
  },
  {
    name: 'convert-scf-to-cf --mlir-print-debuginfo: explicit locations on the lowered ops',
    args: ['--convert-scf-to-cf', '--mlir-print-debuginfo'],
    input: `func.func @g(%lb: index, %ub: index, %c: i1) -> index {
  scf.for %i = %lb to %ub step %lb {
    scf.yield loc("yield")
  } loc("for")
  %r = scf.if %c -> (index) {
    scf.yield %lb : index loc("then")
  } else {
    scf.yield %ub : index loc("else")
  } loc(fused["if", "x.mlir":3:4])
  return %r : index
}
`,
  },
]);

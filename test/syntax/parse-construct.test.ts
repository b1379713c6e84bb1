// Ops built straight into their final shape (branch parse7): the op-name
// cache, block argument lists, name scopes that end without a delete, and the
// positional Operation constructor beside the OperationInit one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../../src/api/text.js';
import { assertParsePrintAsMlirOpt } from '../opt-cases.js';
import { createContext } from '../../src/dialects/registry.js';
import { Block, Operation } from '../../src/ir/operation.js';
import { IntegerType } from '../../src/ir/builtin-types.js';
import { UnknownLoc } from '../../src/ir/location.js';
import { Builder } from '../../src/ir/builder.js';


/** mlir-opt 22's output (stdout, or stderr when it fails) and ours, for the same file. */
/** mlir-opt 22's output (stdout, or stderr when it fails) and ours, for the same file. */
function compare(name: string, text: string, dir: string): void {
  assertParsePrintAsMlirOpt(name, text, join(dir, 'case.mlir'));
}

test('an unprefixed op name resolves against the default dialect in force where it is written, not where it was first seen', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-construct-'));
  try {
    // `return` is cached as func.return inside the first function; at the top
    // level (default dialect builtin) the same spelling must fail as mlir-opt's.
    compare('return outside a function', 'func.func @f() {\n  return\n}\nreturn\n', dir);
    // The same spelling twice under the same default dialect, and a registered
    // full name (dialect-independent) used in and out of functions.
    compare(
      'cached names',
      'func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\nfunc.func @g(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  func.return %b : i32\n}\n',
      dir,
    );
    // An unknown name after known ones with the same length and first letter.
    compare('unknown op', 'func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  %c = arith.addx %a, %a : i32\n  return\n}\n', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a name whose nested scope ended is unknown again, and may be defined again', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scfkit-parse-construct-'));
  try {
    // %v of the region is out of scope after it: this use is an undefined value.
    compare(
      'use after scope',
      'func.func @f(%c: i32) -> i32 {\n  scf.execute_region {\n    %v = arith.addi %c, %c : i32\n    scf.yield\n  }\n  return %v : i32\n}\n',
      dir,
    );
    compare(
      'redefine after scope',
      'func.func @f(%c: i32) -> i32 {\n  scf.execute_region {\n    %v = arith.addi %c, %c : i32\n    scf.yield\n  }\n  %v = arith.muli %c, %c : i32\n  return %v : i32\n}\n',
      dir,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('block arguments: parsed lists, then added, inserted and erased', () => {
  const m = parse('func.func @f(%a: i32, %b: i64) {\n  return\n}\n');
  let entry: Block | null = null;
  m.walk((op) => {
    if (op.opName === 'func.func') entry = op.regions[0].firstBlock;
  });
  const block = entry! as Block;
  assert.deepEqual(
    block.args.map((a) => [a.index, a.owner === block, String(a.type)]),
    [
      [0, true, 'i32'],
      [1, true, 'i64'],
    ],
  );
  const ctx = m.context;
  const i1 = IntegerType.get(1);
  const third = block.addArgument(i1, UnknownLoc.get());
  assert.equal(third.index, 2);
  assert.equal(block.args.length, 3);
  // A block without arguments: insert, add, erase (and erase out of range is a no-op).
  const empty = new Block();
  assert.equal(empty.args.length, 0);
  empty.eraseArgument(0);
  const x = empty.insertArgument(0, i1, UnknownLoc.get());
  const y = empty.addArgument(IntegerType.get(8), UnknownLoc.get());
  const z = empty.insertArgument(0, IntegerType.get(16), UnknownLoc.get());
  assert.deepEqual(empty.args, [z, x, y]);
  assert.deepEqual(
    empty.args.map((a) => a.index),
    [0, 1, 2],
  );
  empty.eraseArgument(1);
  assert.deepEqual(empty.args, [z, y]);
  assert.equal(y.index, 1);
  // Another block's empty list is not shared with this one's.
  assert.equal(new Block().args.length, 0);
  assert.ok(ctx);
});

test('the positional constructor and the OperationInit one build the same op', () => {
  const ctx = createContext({});
  const b = new Builder(ctx);
  const host = new Block();
  b.setInsertionPointToEnd(host);
  const i32 = IntegerType.get(32);
  const arg = host.addArgument(i32, UnknownLoc.get());
  const name = ctx.getOperationName('arith.addi');
  const loc = UnknownLoc.get();
  const a = new Operation(name, loc, -1, [arg, arg], [i32], null, null, null, null, 0);
  const c = new Operation({ name, location: loc, operands: [arg, arg], resultTypes: [i32] });
  for (const op of [a, c]) {
    assert.equal(op.numOperands, 2);
    assert.equal(op.operand(1), arg);
    assert.equal(op.numResults, 1);
    assert.equal(op.result(0).type, i32);
    assert.equal(op.regions.length, 0);
    assert.equal(op.location, loc);
  }
  // Both are uses of the argument: four uses.
  assert.equal([...arg.uses()].length, 4);
  const value = parse('%c = arith.constant 3 : i32\n').regions[0].firstBlock!.first!.getProperty('value')!;
  const created = b.create('arith.constant', { results: [i32], attributes: { value } });
  assert.equal(created.numProperties, 1);
  assert.equal(created.attributesView.size, 0);
});

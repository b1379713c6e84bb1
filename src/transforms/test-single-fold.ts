// test-single-fold (MLIR's TestSingleFold): folds every op once, in reverse
// pre-order, with an OperationFolder, then erases the constants it made that
// ended up unused. The folder replaces a folded op's constant results with
// constants uniqued per insertion region and created at the front of its entry
// block (with an unknown location), as MLIR's OperationFolder::tryToFold does;
// constant ops themselves fold to their value, so they are uniqued and hoisted
// the same way.

import type { Attribute } from '../ir/attributes.js';
import { Builder } from '../ir/builder.js';
import type { Context } from '../ir/context.js';
import { UnknownLoc } from '../ir/location.js';
import type { Operation, Region, Value } from '../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { foldOperation, insertionRegion } from './fold.js';
import { isValue } from '../ir/matchers.js';

export const TestSingleFoldInfo: PassInfo = {
  argument: 'test-single-fold',
  name: 'TestSingleFold',
  description: 'Test single-pass operation folding and dead constant elimination',
  create: () => new TestSingleFold(),
};

/** MLIR's OperationFolder, as the pass uses it: folded ops are replaced, constants uniqued per region. */
class OperationFolder {
  private readonly scopes = new Map<Region, Map<string, Operation>>();
  /** Every constant the folder created, in creation order (the pass's listener). */
  readonly created: Operation[] = [];
  private readonly builder: Builder;

  constructor(private readonly ctx: Context) {
    this.builder = new Builder(ctx);
  }

  tryToFold(op: Operation): void {
    if (!op.parentBlock) return;
    const folded = foldOperation(op);
    // Nothing folded, or updated in place.
    if (!folded || folded.length === 0) return;
    const block = op.parentBlock!;
    const region = insertionRegion(block);
    const entry = region.entry;
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new Map()));
    const dialect = this.ctx.getDialect(op.name.dialectName);
    const created: Operation[] = [];
    const replacements: Value[] = [];
    for (let i = 0; i < folded.length; i++) {
      const f = folded[i];
      if (isValue(f)) {
        replacements.push(f);
        continue;
      }
      const attr = f as Attribute;
      const type = op.result(i).type;
      const key = `${op.name.dialectName}\u0000${attr.key}\u0000${type.key}`;
      let constant = scope.get(key);
      if (!constant) {
        // Each new constant goes to the very front of the entry block.
        this.builder.setInsertionPointToStart(entry);
        const made = dialect?.materializeConstant?.(this.builder, attr, type, UnknownLoc.get());
        if (!made) {
          // Materialization failed: undo this fold's constants and leave the op.
          for (const c of created) {
            for (const [k, v] of scope) if (v === c) scope.delete(k);
            c.erase();
            this.created.splice(this.created.indexOf(c), 1);
          }
          return;
        }
        constant = made;
        // As MLIR's tryGetOrCreateConstant: a constant of another dialect
        // than the folded op's (math folds make arith.constant) is also known
        // under its own dialect, so a later fold of that dialect (an
        // arith.constant folding to itself) finds it; if one is known there
        // already, it is used instead.
        const madeDialect = made.name.dialectName;
        const otherKey = madeDialect === op.name.dialectName ? undefined : `${madeDialect}\u0000${attr.key}\u0000${type.key}`;
        const other = otherKey === undefined ? undefined : scope.get(otherKey);
        if (other) {
          made.erase();
          constant = other;
          scope.set(key, constant);
        } else {
          scope.set(key, constant);
          if (otherKey !== undefined) scope.set(otherKey, constant);
          created.push(constant);
          this.created.push(constant);
        }
      }
      // A constant in the op's own block must come first to dominate it.
      if (constant.parentBlock === block && block.first !== constant) constant.moveBefore(block.first!);
      replacements.push(constant.result(0));
    }
    op.replaceAllUsesWith(replacements);
    op.erase();
  }
}

class TestSingleFold extends Pass {
  constructor() {
    super(TestSingleFoldInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    const ops: Operation[] = [];
    root.walk((op) => void ops.push(op), 'pre');
    const folder = new OperationFolder(run.ctx);
    for (let i = ops.length - 1; i >= 0; i--) {
      const op = ops[i];
      // An op erased with its parent (or folded away) is not folded again.
      if (op === root || isAttached(op, root)) folder.tryToFold(op);
    }
    for (const c of folder.created) if (c.parentBlock && !c.hasUses) c.erase();
  }
}

/** Whether `op` is still nested in `root` (not erased along the way). */
function isAttached(op: Operation, root: Operation): boolean {
  for (let o: Operation | null = op; o; o = o.parentOp) {
    if (o === root) return true;
    if (!o.parentBlock) return false;
  }
  return false;
}

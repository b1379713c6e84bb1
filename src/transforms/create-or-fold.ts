// OpBuilder::createOrFold: builds an op and folds it right away; a fold to
// existing values or constants leaves no op behind (constants are
// materialized through the op's dialect). A rewriter's listener hears of the
// op only if it stays, and of the constants that replace it.

import { Traits } from '../ir/context.js';
import { Builder, Rewriter } from '../ir/builder.js';
import { isValue } from '../ir/matchers.js';
import type { Operation, Value } from '../ir/operation.js';
import { foldOperation } from './fold.js';

export function createOrFold(b: Builder, build: (b: Builder) => Operation): Value[] {
  const rw = b instanceof Rewriter ? b : undefined;
  const listener = rw?.listener;
  if (rw) rw.listener = {};
  let op: Operation;
  try {
    op = build(b);
  } finally {
    if (rw && listener) rw.listener = listener;
  }
  const folded = op.hasTrait(Traits.ConstantLike) ? undefined : foldOperation(op);
  if (folded && folded.length) {
    const dialect = b.ctx.getDialect(op.name.dialectName);
    const detached = new Builder(b.ctx);
    const constants: Operation[] = [];
    const values: Value[] = [];
    let ok = true;
    folded.forEach((f, i) => {
      if (!ok) return;
      if (isValue(f)) values.push(f);
      else {
        const c = dialect?.materializeConstant?.(detached, f, op.result(i).type, op.location);
        if (!c) ok = false;
        else {
          constants.push(c);
          values.push(c.result(0));
        }
      }
    });
    if (ok) {
      for (const c of constants) b.insert(c);
      op.erase();
      return values;
    }
  }
  rw?.listener.notifyOperationInserted?.(op);
  return op.results;
}

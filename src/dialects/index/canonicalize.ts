// index dialect canonicalization patterns (MLIR 22's IndexOps.cpp):
// reassociation of constants in associative-commutative ops and
// `cmp(sub(a, b), 0)` to `cmp(a, b)`.

import { IndexType } from '../../ir/builtin-types.js';
import type { Value } from '../../ir/operation.js';
import { isValue, isZeroInt, matchConstant } from '../../ir/matchers.js';
import { pattern, type RewritePattern } from '../../ir/pattern.js';
import { implementOp } from '../../ods/index.js';
import { foldOperation } from '../../transforms/fold.js';
import { materializeIndexConstant } from './fold.js';
import { AddOp, AndOp, CmpOp, MaxSOp, MaxUOp, MinSOp, MinUOp, MulOp, OrOp, SubOp, XOrOp, type IndexBinaryOp } from './ops.js';

/**
 * canonicalizeAssociativeCommutativeBinaryOp: `op(op(x, c1), c2)` becomes
 * `op(x, c)` when `op(c2, c1)` folds to a constant `c`.
 */
function assocPattern<M extends string>(h: IndexBinaryOp<M>): RewritePattern {
  return pattern(
    h,
    (op, rewriter) => {
      if (matchConstant(h.rhs(op)) === undefined) return false;
      const lhsOp = h.definingOp(h.lhs(op));
      if (!lhsOp || matchConstant(h.rhs(lhsOp)) === undefined) return false;
      // createOrFold: the combination of the constants must fold away; the
      // probe op is not reported to the driver.
      const ip = rewriter.insertionPoint;
      const listener = rewriter.listener;
      rewriter.listener = {};
      const probe = h.build(rewriter, { lhs: h.rhs(op), rhs: h.rhs(lhsOp), location: op.location });
      rewriter.listener = listener;
      const folded = foldOperation(probe);
      if (!folded || folded.length !== 1) {
        probe.erase();
        rewriter.insertionPoint = ip;
        return false;
      }
      const f = folded[0];
      let c: Value;
      if (isValue(f)) c = f;
      else {
        rewriter.setInsertionPointBefore(probe);
        const m = materializeIndexConstant(rewriter, f, IndexType.get(), op.location);
        if (!m) {
          probe.erase();
          return false;
        }
        c = m.results[0];
      }
      probe.erase();
      rewriter.setInsertionPointBefore(op);
      const n = h.build(rewriter, { lhs: h.lhs(lhsOp), rhs: c, location: op.location });
      rewriter.replaceOp(op, n.results);
      return true;
    },
    { name: `canonicalizeAssociativeCommutativeBinaryOp<${h.opName}>` },
  );
}

function reassociates<M extends string>(h: IndexBinaryOp<M>): void {
  implementOp(h, { canonicalizationPatterns: [assocPattern(h)] });
}
reassociates(AddOp);
reassociates(MulOp);
reassociates(AndOp);
reassociates(OrOp);
reassociates(XOrOp);
reassociates(MaxSOp);
reassociates(MaxUOp);
reassociates(MinSOp);
reassociates(MinUOp);

/** `cmp(sub(a, b), 0)` and `cmp(0, sub(b, a))` compare `a` with `b`. */
const cmpCanonicalize = pattern(
  CmpOp,
  (op, rewriter) => {
    const rhsZero = isZeroInt(CmpOp.rhs(op));
    const lhsZero = isZeroInt(CmpOp.lhs(op));
    if (!rhsZero && !lhsZero) return false;
    const sub = SubOp.definingOp(rhsZero ? CmpOp.lhs(op) : CmpOp.rhs(op));
    if (!sub) return false;
    const [lhs, rhs] = rhsZero ? [SubOp.lhs(sub), SubOp.rhs(sub)] : [SubOp.rhs(sub), SubOp.lhs(sub)];
    const n = CmpOp.build(rewriter, { lhs, rhs, pred: CmpOp.pred(op), location: op.location });
    rewriter.replaceOp(op, n.results);
    return true;
  },
  { name: 'CmpOp::canonicalize' },
);

implementOp(CmpOp, { canonicalizationPatterns: [cmpCanonicalize] });

// js ops → plain MLIR 22 (what mlir-opt and mlir-runner take): js.print →
// vector.print, js.exp/js.log → math.exp/math.log.
// Numbers then print as vector.print does (C's %g style, e.g. 2.5 and 1e+20
// rather than JavaScript's 2.5 and 100000000000000000000) and booleans as
// 1/0: the text matches Node's only where the two formats agree.

import { Builder } from '../ir/builder.js';
import type { Operation } from '../ir/operation.js';
import * as js from '../dialects/js/index.js';
import * as math from '../dialects/math/index.js';
import * as vector from '../dialects/vector/index.js';
import { PrintPunctuationAttr } from '../dialects/vector/index.js';

/** Replaces every js op under `root` by plain MLIR: js.print by vector.print ops, js.exp/js.log by math.exp/math.log. */
export function lowerJsOps(root: Operation): void {
  const prints: Operation[] = [];
  const maths: Operation[] = [];
  root.walk((op) => {
    if (js.PrintOp.isa(op)) prints.push(op);
    else if (js.ExpOp.isa(op) || js.LogOp.isa(op)) maths.push(op);
  });
  const b = new Builder(root.context);
  for (const op of maths) {
    b.setInsertionPointBefore(op);
    const location = op.location;
    const r = js.ExpOp.isa(op)
      ? math.ExpOp.build(b, { operand: js.ExpOp.operand(op), location })
      : math.LogOp.build(b, { operand: js.LogOp.operand(js.LogOp.cast(op)), location });
    op.replaceAllUsesWith(r.results);
    op.erase();
  }
  for (const op of prints) {
    const p = js.PrintOp.cast(op);
    b.setInsertionPointBefore(op);
    const location = op.location;
    const strings = js.PrintOp.strings(p);
    const values = js.PrintOp.values(p);
    const str = (s: string): void => {
      if (s) vector.PrintOp.build(b, { stringLiteral: s, location });
    };
    str(strings[0]);
    values.forEach((v, i) => {
      vector.PrintOp.build(b, { source: v, punctuation: PrintPunctuationAttr.get('no_punctuation'), location });
      str(strings[i + 1]);
    });
    op.erase();
  }
}

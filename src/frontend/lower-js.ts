// js ops → plain MLIR 22 (what mlir-opt and mlir-runner take): js.print →
// vector.print, js.exp/log/sin/cos → math.exp/log/sin/cos, js.pow → math.powf.
// Numbers then print as vector.print does (C's %g style, e.g. 2.5 and 1e+20
// rather than JavaScript's 2.5 and 100000000000000000000) and booleans as
// 1/0: the text matches Node's only where the two formats agree.

import { Builder } from '../ir/builder.js';
import type { Operation } from '../ir/operation.js';
import * as js from '../dialects/js/index.js';
import * as math from '../dialects/math/index.js';
import * as vector from '../dialects/vector/index.js';
import { PrintPunctuationAttr } from '../dialects/vector/index.js';

const JS_MATH_OPS = [js.ExpOp, js.LogOp, js.SinOp, js.CosOp, js.PowOp];

/** The math op computing a js op's function as C's libm does. */
function libmEquivalent(b: Builder, op: Operation): Operation | undefined {
  const location = op.location;
  if (js.ExpOp.isa(op)) return math.ExpOp.build(b, { operand: js.ExpOp.operand(op), location });
  if (js.LogOp.isa(op)) return math.LogOp.build(b, { operand: js.LogOp.operand(op), location });
  if (js.SinOp.isa(op)) return math.SinOp.build(b, { operand: js.SinOp.operand(op), location });
  if (js.CosOp.isa(op)) return math.CosOp.build(b, { operand: js.CosOp.operand(op), location });
  if (js.PowOp.isa(op)) return math.PowFOp.build(b, { lhs: js.PowOp.lhs(op), rhs: js.PowOp.rhs(op), location });
  return undefined;
}

/** Replaces every js op under `root` by plain MLIR: js.print by vector.print ops, the js Math ops by their math ops. */
export function lowerJsOps(root: Operation): void {
  const prints: Operation[] = [];
  const maths: Operation[] = [];
  const b = new Builder(root.context);
  root.walk((op) => {
    if (js.PrintOp.isa(op)) prints.push(op);
    else if (JS_MATH_OPS.some((h) => h.isa(op))) maths.push(op);
  });
  for (const op of maths) {
    b.setInsertionPointBefore(op);
    const r = libmEquivalent(b, op);
    if (!r) continue;
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

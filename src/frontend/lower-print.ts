// js.print → vector.print, for output that plain MLIR 22 runs (mlir-runner).
// Numbers then print as vector.print does (C's %g style, e.g. 2.5 and 1e+20
// rather than JavaScript's 2.5 and 100000000000000000000) and booleans as
// 1/0: the text matches Node's only where the two formats agree.

import { Builder } from '../ir/builder.js';
import type { Operation } from '../ir/operation.js';
import * as js from '../dialects/js/index.js';
import * as vector from '../dialects/vector/index.js';
import { PrintPunctuationAttr } from '../dialects/vector/index.js';

/** Replaces every js.print under `root` by vector.print ops. */
export function lowerJsPrint(root: Operation): void {
  const prints: Operation[] = [];
  root.walk((op) => {
    if (js.PrintOp.isa(op)) prints.push(op);
  });
  const b = new Builder(root.context);
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

// How the the js dialect: print and the Math functions execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { FloatType, IntegerType } from '../../ir/builtin-types.js';
import type { OpOf } from '../../ods/index.js';
import * as js from './index.js';
import { type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitJsPrint(cg: FunctionCompiler, op: OpOf<typeof js.PrintOp>): void {
  const strings = js.PrintOp.strings(op);
  const parts: string[] = [JSON.stringify(strings[0])];
  js.PrintOp.values(op).forEach((x, i) => {
    cg.checkPoison(op, x, 'printed value');
    const t = x.type;
    const v = cg.v(x);
    if (t instanceof FloatType) parts.push(`$rt.jsNumber(${v})`);
    else if (t instanceof IntegerType && t.width === 1) parts.push(`(${v} ? "true" : "false")`);
    else parts.push(`String(${v})`);
    parts.push(JSON.stringify(strings[i + 1]));
  });
  cg.emit(`$rt.write(${parts.join(' + ')});`);
}

implementJsExec(js.PrintOp, (cg, op) => emitJsPrint(cg, op));
implementJsExec(js.ExpOp, (cg, op) => cg.emitMath(op, 'Math.exp'));
implementJsExec(js.LogOp, (cg, op) => cg.emitMath(op, 'Math.log'));

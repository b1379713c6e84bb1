// How the cf.assert (the branches are the CFG driver's, codegen.ts) execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import type { OpOf } from '../../ods/index.js';
import * as cf from './index.js';
import { type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitAssert(cg: FunctionCompiler, op: OpOf<typeof cf.AssertOp>): void {
  const arg = cf.AssertOp.arg(op);
  cg.checkPoison(op, arg, 'assertion condition');
  cg.emit(`if (!${cg.v(arg)}) $rt.assertFail(${cg.K(op)}, ${JSON.stringify(cf.AssertOp.msg(op))});`);
}

implementJsExec(cf.AssertOp, (cg, op) => emitAssert(cg, op));

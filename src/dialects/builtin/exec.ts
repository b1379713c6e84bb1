// How the builtin.unrealized_conversion_cast execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import type { OpOf } from '../../ods/index.js';
import * as builtin from './index.js';
import { type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitUnrealizedConversionCast(cg: FunctionCompiler, op: OpOf<typeof builtin.UnrealizedConversionCastOp>): void {
  const inputs = builtin.UnrealizedConversionCastOp.inputs(op);
  const outputs = builtin.UnrealizedConversionCastOp.outputs(op);
  if (inputs.length !== outputs.length) return cg.unsupported(op);
  outputs.forEach((r, i) => {
    cg.emit(`${cg.v(r)} = ${cg.v(inputs[i])};`);
    cg.afterDefine(r);
  });
}

implementJsExec(builtin.UnrealizedConversionCastOp, (cg, op) => emitUnrealizedConversionCast(cg, op));

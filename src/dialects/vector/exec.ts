// How the vector.print execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { IntegerType, VectorType } from '../../ir/builtin-types.js';
import type { OpOf } from '../../ods/index.js';
import * as vector from './index.js';
import { elemFormatOf } from '../../exec/types.js';
import { type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitVectorPrint(cg: FunctionCompiler, op: OpOf<typeof vector.PrintOp>): void {
  const K = cg.K(op);
  const punct = vector.PrintOp.punctuation(op);
  const str = vector.PrintOp.stringLiteral(op);
  if (str !== undefined) {
    cg.emit(`$rt.write(${JSON.stringify(str)});`);
    return;
  }
  const x = vector.PrintOp.source(op);
  if (x === undefined) {
    cg.emit(`$rt.punct(${JSON.stringify(punct)});`);
    return;
  }
  cg.checkPoison(op, x, 'printed value');
  const t = x.type;
  const et = t instanceof VectorType ? t.elementType : t;
  const w = et instanceof IntegerType ? et.width : 64;
  if (et instanceof IntegerType && w > 64) cg.unsupported(op, `'${op.opName}' of integers wider than 64 bits is not supported`);
  // A 0-d vector prints as one of one element, `( 7 )`, as mlir-runner (its lowering makes it a vector<1x...>).
  const shape = t instanceof VectorType ? (t.rank === 0 ? [1] : t.shape) : [];
  cg.emit(`$rt.vprint(${K}, ${cg.v(x)}, ${JSON.stringify(elemFormatOf(et))}, ${w}, ${JSON.stringify(shape)}, ${JSON.stringify(punct)});`);
}

implementJsExec(vector.PrintOp, (cg, op) => emitVectorPrint(cg, op));

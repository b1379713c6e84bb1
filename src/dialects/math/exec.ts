// How the math ops execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.
// What each op computes is semantics.ts's (mlir-runner's results after MLIR's
// standard lowering); exactly rounded ops need nothing more than JavaScript's Math.

import type { Type } from '../../ir/attributes.js';
import { VectorType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpHandleCore } from '../../ods/index.js';
import * as math from './index.js';
import { FP_CLASS_MASK, type FloatName } from './semantics.js';
import { roundExpr } from '../../exec/scalar.js';
import { reprOf } from '../../exec/types.js';
import type { FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

const elementOf = (t: Type): Type => (t instanceof VectorType ? t.elementType : t);

function floatOf(t: Type): FloatName | undefined {
  const r = reprOf(elementOf(t));
  return r.k === 'float' ? r.f : undefined;
}

/** A float op: `expr` of the operands' element expressions, rounded to the result type. */
function emitFloat(cg: FunctionCompiler, op: Operation, expr: (f: FloatName, args: string[]) => string): void {
  const f = floatOf(op.result(0).type);
  if (!f) return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, (args) => roundExpr(f, expr(f, args))));
}

/** A float classification (isnan, ...): an i1 of the operand, by its FPClassTest mask (as MLIR lowers them). */
function emitClass(cg: FunctionCompiler, op: Operation, operand: Value, mask: number): void {
  const f = floatOf(operand.type);
  if (!f) return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, ([x]) => `$rt.math.fpClass(${lit(f)}, ${mask}, ${x})`));
}

/** An integer op computed by semantics.ts's `fn`(width, x) in the engine's representation. */
function emitInt(cg: FunctionCompiler, op: Operation, fn: string): void {
  const r = cg.noteWide(reprOf(elementOf(op.result(0).type)));
  if (r.k !== 'int' && r.k !== 'wide') return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, ([x]) => `$rt.math.${fn}(${r.w}, ${x})`));
}

const lit = (f: FloatName): string => JSON.stringify(f);

/** The float ops whose result is semantics.ts's FLOAT_FNS (calls of the C library and what MLIR's lowering rewrites). */
export const FLOAT_FN_OPS = [
  math.ExpOp, math.Exp2Op, math.LogOp, math.Log2Op, math.Log10Op, math.SinOp, math.CosOp, math.TanOp, math.AsinOp, math.AcosOp, math.AtanOp,
  math.SinhOp, math.CoshOp, math.TanhOp, math.AsinhOp, math.AcoshOp, math.AtanhOp, math.ErfOp, math.ErfcOp, math.PowFOp, math.Atan2Op,
  math.Log1pOp, math.ExpM1Op, math.RsqrtOp, math.FmaOp, math.FPowIOp, math.RoundOp, math.RoundEvenOp, math.CbrtOp,
] as const satisfies readonly OpHandleCore<string>[];

/** The FLOAT_FNS key of an op of FLOAT_FN_OPS on type f. */
export const floatFnKey = (handle: OpHandleCore<string>, f: FloatName): string => `${handle.definition.name.slice('math.'.length)}_${f}`;

for (const handle of FLOAT_FN_OPS)
  implementJsExec(handle, (cg, op) => {
    // The compiler runtime's powi takes a C int.
    if (math.FPowIOp.isa(op) && reprOf(elementOf(math.FPowIOp.rhs(op).type)).k !== 'int')
      return cg.unsupported(op, `'${op.opName}' with an exponent wider than 32 bits is not supported by the execution engine`);
    emitFloat(cg, op, (f, args) => `$rt.math.FLOAT_FNS.${floatFnKey(handle, f)}(${args.join(', ')})`);
  });

implementJsExec(math.SqrtOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.sqrt(${x})`));
implementJsExec(math.AbsFOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.abs(${x})`));
implementJsExec(math.FloorOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.floor(${x})`));
implementJsExec(math.CeilOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.ceil(${x})`));
implementJsExec(math.TruncOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.trunc(${x})`));
implementJsExec(math.CopySignOp, (cg, op) => emitFloat(cg, op, (_f, [x, y]) => `$rt.copysign(${x}, ${y})`));

implementJsExec(math.IsNaNOp, (cg, op) => emitClass(cg, op, math.IsNaNOp.operand(op), FP_CLASS_MASK.isnan));
implementJsExec(math.IsInfOp, (cg, op) => emitClass(cg, op, math.IsInfOp.operand(op), FP_CLASS_MASK.isinf));
implementJsExec(math.IsFiniteOp, (cg, op) => emitClass(cg, op, math.IsFiniteOp.operand(op), FP_CLASS_MASK.isfinite));
implementJsExec(math.IsNormalOp, (cg, op) => emitClass(cg, op, math.IsNormalOp.operand(op), FP_CLASS_MASK.isnormal));

implementJsExec(math.AbsIOp, (cg, op) => emitInt(cg, op, 'absi'));
implementJsExec(math.CountLeadingZerosOp, (cg, op) => emitInt(cg, op, 'ctlz'));
implementJsExec(math.CountTrailingZerosOp, (cg, op) => emitInt(cg, op, 'cttz'));
implementJsExec(math.CtPopOp, (cg, op) => emitInt(cg, op, 'ctpop'));
// Division by zero where the lowered function divides by zero (0 to a negative power).
implementJsExec(math.IPowIOp, (cg, op) => {
  const r = cg.noteWide(reprOf(elementOf(op.result(0).type)));
  if (r.k !== 'int' && r.k !== 'wide') return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, ([b, p]) => `($rt.math.ipowi(${r.w}, ${b}, ${p}) ?? $rt.div0(${cg.K(op)}))`));
});

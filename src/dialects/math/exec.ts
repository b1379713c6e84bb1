// How the math ops execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.
// What each op computes is semantics.ts's (mlir-runner's results after MLIR's
// standard lowering); exactly rounded ops need nothing more than JavaScript's Math.

import type { Type } from '../../ir/attributes.js';
import { VectorType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpHandleCore } from '../../ods/index.js';
import * as math from './index.js';
import { BINARY_LIBM, UNARY_LIBM, libmName, type FloatName } from './semantics.js';
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

/** A float classification (isnan, ...): an i1 of the operand. */
function emitClass(cg: FunctionCompiler, op: Operation, operand: Value, expr: (f: FloatName, x: string) => string): void {
  const f = floatOf(operand.type);
  if (!f) return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, ([x]) => expr(f, x)));
}

/** An integer op computed by semantics.ts's `fn`(width, x) in the engine's representation. */
function emitInt(cg: FunctionCompiler, op: Operation, fn: string): void {
  const r = cg.noteWide(reprOf(elementOf(op.result(0).type)));
  if (r.k !== 'int' && r.k !== 'wide') return cg.unsupported(op);
  cg.define(op, cg.elementwise(op, ([x]) => `$rt.math.${fn}(${r.w}, ${x})`));
}

const lit = (f: FloatName): string => JSON.stringify(f);

for (const [handle, names] of [
  [math.ExpOp, UNARY_LIBM.exp],
  [math.Exp2Op, UNARY_LIBM.exp2],
  [math.LogOp, UNARY_LIBM.log],
  [math.Log2Op, UNARY_LIBM.log2],
  [math.Log10Op, UNARY_LIBM.log10],
  [math.SinOp, UNARY_LIBM.sin],
  [math.CosOp, UNARY_LIBM.cos],
  [math.TanOp, UNARY_LIBM.tan],
  [math.AsinOp, UNARY_LIBM.asin],
  [math.AcosOp, UNARY_LIBM.acos],
  [math.AtanOp, UNARY_LIBM.atan],
  [math.SinhOp, UNARY_LIBM.sinh],
  [math.CoshOp, UNARY_LIBM.cosh],
  [math.TanhOp, UNARY_LIBM.tanh],
  [math.AsinhOp, UNARY_LIBM.asinh],
  [math.AcoshOp, UNARY_LIBM.acosh],
  [math.AtanhOp, UNARY_LIBM.atanh],
  [math.ErfOp, UNARY_LIBM.erf],
  [math.ErfcOp, UNARY_LIBM.erfc],
  [math.PowFOp, BINARY_LIBM.powf],
  [math.Atan2Op, BINARY_LIBM.atan2],
] as const satisfies readonly (readonly [OpHandleCore<string>, readonly [string, string]])[])
  implementJsExec(handle, (cg, op) => emitFloat(cg, op, (f, args) => `$rt.libm.${libmName(names, f)}(${args.join(', ')})`));

implementJsExec(math.SqrtOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.sqrt(${x})`));
implementJsExec(math.AbsFOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.abs(${x})`));
implementJsExec(math.FloorOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.floor(${x})`));
implementJsExec(math.CeilOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.ceil(${x})`));
implementJsExec(math.TruncOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `Math.trunc(${x})`));
implementJsExec(math.RoundOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `$rt.libm.round(${x})`));
implementJsExec(math.RoundEvenOp, (cg, op) => emitFloat(cg, op, (_f, [x]) => `$rt.math.roundEven(${x})`));
implementJsExec(math.CopySignOp, (cg, op) => emitFloat(cg, op, (_f, [x, y]) => `$rt.copysign(${x}, ${y})`));
implementJsExec(math.FmaOp, (cg, op) => emitFloat(cg, op, (f, [a, b, c]) => `$rt.math.fmaOf(${lit(f)}, ${a}, ${b}, ${c})`));
// What MLIR's lowering rewrites them to, each step rounded to the type.
implementJsExec(math.Log1pOp, (cg, op) => emitFloat(cg, op, (f, [x]) => `$rt.libm.${libmName(UNARY_LIBM.log, f)}(${roundExpr(f, `1 + ${x}`)})`));
implementJsExec(math.ExpM1Op, (cg, op) => emitFloat(cg, op, (f, [x]) => `${roundExpr(f, `$rt.libm.${libmName(UNARY_LIBM.exp, f)}(${x})`)} - 1`));
implementJsExec(math.RsqrtOp, (cg, op) => emitFloat(cg, op, (f, [x]) => `1 / ${roundExpr(f, `Math.sqrt(${x})`)}`));
implementJsExec(math.FPowIOp, (cg, op) => {
  const r = reprOf(elementOf(math.FPowIOp.rhs(op).type));
  // The compiler runtime's powi takes a C int.
  if (r.k !== 'int') return cg.unsupported(op, `'${op.opName}' with an exponent wider than 32 bits is not supported by the execution engine`);
  emitFloat(cg, op, (f, [x, n]) => `$rt.math.powi(${lit(f)}, ${x}, ${n})`);
});

implementJsExec(math.IsNaNOp, (cg, op) => emitClass(cg, op, math.IsNaNOp.operand(op), (_f, x) => `$rt.math.isNaN(${x})`));
implementJsExec(math.IsInfOp, (cg, op) => emitClass(cg, op, math.IsInfOp.operand(op), (_f, x) => `$rt.math.isInf(${x})`));
implementJsExec(math.IsFiniteOp, (cg, op) => emitClass(cg, op, math.IsFiniteOp.operand(op), (_f, x) => `$rt.math.isFinite(${x})`));
implementJsExec(math.IsNormalOp, (cg, op) => emitClass(cg, op, math.IsNormalOp.operand(op), (f, x) => `$rt.math.isNormal(${lit(f)}, ${x})`));

implementJsExec(math.AbsIOp, (cg, op) => emitInt(cg, op, 'absi'));
implementJsExec(math.CountLeadingZerosOp, (cg, op) => emitInt(cg, op, 'ctlz'));
implementJsExec(math.CountTrailingZerosOp, (cg, op) => emitInt(cg, op, 'cttz'));
implementJsExec(math.CtPopOp, (cg, op) => emitInt(cg, op, 'ctpop'));

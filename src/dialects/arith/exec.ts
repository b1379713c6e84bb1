// How the arith: constants, select, comparisons and extended arithmetic (binary ops and casts compute through the expression builders of src/exec/scalar.ts, by op-kinds.ts) execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { MemRefType, UnrankedMemRefType, VectorType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as arith from './index.js';
import { cmpfBool, cmpiBool, intBinary, intLit, numLit } from '../../exec/scalar.js';
import { reprOf } from '../../exec/types.js';
import { denseElem, valueLit, type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitConstant(cg: FunctionCompiler, op: OpOf<typeof arith.ConstantOp>): void {
  const a = arith.ConstantOp.value(op);
  const t = arith.ConstantOp.result(op).type;
  const rep = reprOf(t instanceof VectorType ? t.elementType : t);
  if (rep.k === 'unsupported') return cg.unsupported(op, `'${op.opName}' of ${rep.why} is not supported by the execution engine`);
  if (a instanceof IntegerAttr) return cg.define(op, intLit(cg.noteWide(reprOf(t)), a.value));
  if (a instanceof FloatAttr) return cg.define(op, numLit(a.value));
  if (a instanceof DenseIntOrFPElementsAttr && t instanceof VectorType) {
    cg.noteWide(reprOf(t.elementType));
    const vals = a.values.map((v) => valueLit(denseElem(t.elementType, v)));
    const all = a.isSplat ? new Array(t.numElements).fill(vals[0]) : vals;
    return cg.define(op, `[${all.join(', ')}]`);
  }
  return cg.unsupported(op, `'${op.opName}' of this value is not supported by the execution engine`);
}

function emitSelect(cg: FunctionCompiler, op: OpOf<typeof arith.SelectOp>): void {
  const cond = arith.SelectOp.condition(op);
  const [c, a, b] = [cond, arith.SelectOp.true_value(op), arith.SelectOp.false_value(op)].map((o) => cg.v(o));
  if (cond.type instanceof VectorType) return cg.define(op, `$rt.vmap(${(arith.SelectOp.result(op).type as VectorType).numElements}, ($i) => ${c}[$i] ? ${a}[$i] : ${b}[$i])`);
  // Memrefs carry no poison (they are checked where they are made): a memref picked by a poison condition is the error.
  const t = arith.SelectOp.result(op).type;
  if (t instanceof MemRefType || t instanceof UnrankedMemRefType) cg.checkPoison(op, cond, 'condition');
  else if (cg.isTainted(cond)) return cg.define(op, `(typeof ${c} === "object" ? ${c} : ${c} ? ${a} : ${b})`);
  return cg.define(op, `(${c} ? ${a} : ${b})`);
}

function emitCmpF(cg: FunctionCompiler, op: OpOf<typeof arith.CmpFOp>): void {
  const pred = arith.CmpFPredicate.stringify(arith.CmpFOp.predicate(op))!;
  cg.define(op, cg.elementwise(op, ([a, b]) => `(${cmpfBool(pred, a, b)} ? 1 : 0)`));
}

/**
 * Emits `emit` unless an operand that may be poison is poison: then every
 * result is the first such operand, as cg.elementwise's ops (before, the
 * extended ops computed with the Poison object and failed there).
 */
function unlessPoison(cg: FunctionCompiler, op: Operation, emit: () => void): void {
  const ps = op.operands.filter((o) => cg.isTainted(o)).map((o) => cg.v(o));
  if (!ps.length) return emit();
  cg.emit(`if (${ps.map((p) => `typeof ${p} === "object"`).join(' || ')}) {`);
  cg.indent(() => op.results.forEach((r) => cg.emit(`${cg.v(r)} = $rt.firstPoison(${ps.join(', ')});`)));
  cg.emit('} else {');
  cg.indent(emit);
  cg.emit('}');
}

function emitAddUIExtended(cg: FunctionCompiler, op: OpOf<typeof arith.AddUIExtendedOp>): void {
  const lhs = arith.AddUIExtendedOp.lhs(op);
  const t = lhs.type;
  const r = cg.noteWide(reprOf(t instanceof VectorType ? t.elementType : t));
  const [a, b] = [lhs, arith.AddUIExtendedOp.rhs(op)].map((o) => cg.v(o));
  const sum = cg.v(arith.AddUIExtendedOp.sum(op));
  const ovf = cg.v(arith.AddUIExtendedOp.overflow(op));
  if (t instanceof VectorType) {
    // Element by element (vectors are arrays).
    const n = t.numElements;
    cg.emit(`${sum} = $rt.vmap(${n}, ($i) => { let $t, $s; return ${intBinary('addi', r, `${a}[$i]`, `${b}[$i]`, cg.K(op))}; });`);
    return cg.emit(`${ovf} = $rt.vmap(${n}, ($i) => (${cmpiBool('ult', r, `${sum}[$i]`, `${a}[$i]`)} ? 1 : 0));`);
  }
  cg.emit(`${sum} = ${intBinary('addi', r, a, b, cg.K(op))};`);
  cg.emit(`${ovf} = (${cmpiBool('ult', r, sum, a)} ? 1 : 0);`);
}

/** arith.mulsi_extended (signed) and arith.mului_extended: the low and high halves of the product. */
function emitMulExtended(cg: FunctionCompiler, signed: boolean, lhs: Value, rhs: Value, low: Value, high: Value): void {
  const t = lhs.type;
  const r = cg.noteWide(reprOf(t instanceof VectorType ? t.elementType : t));
  const [a, b] = [lhs, rhs].map((o) => cg.v(o));
  const w = r.k === 'int' || r.k === 'wide' ? r.w : 64;
  if (t instanceof VectorType) {
    // Element by element (vectors are arrays).
    cg.emit(`$r = $rt.vmap(${t.numElements}, ($i) => $rt.mulExtended(${w}, ${signed}, ${a}[$i], ${b}[$i]));`);
    return cg.emit(`${cg.v(low)} = $r.map(($p) => $p[0]); ${cg.v(high)} = $r.map(($p) => $p[1]);`);
  }
  cg.emit(`$r = $rt.mulExtended(${w}, ${signed}, ${a}, ${b});`);
  cg.emit(`${cg.v(low)} = $r[0]; ${cg.v(high)} = $r[1];`);
}

implementJsExec(arith.ConstantOp, (cg, op) => emitConstant(cg, op));
implementJsExec(arith.SelectOp, (cg, op) => emitSelect(cg, op));
implementJsExec(arith.CmpIOp, (cg, op) => cg.emitCmpI(op, arith.CmpIPredicate.stringify(arith.CmpIOp.predicate(op))!, arith.CmpIOp.lhs(op), arith.CmpIOp.rhs(op)));
implementJsExec(arith.CmpFOp, (cg, op) => emitCmpF(cg, op));
implementJsExec(arith.NegFOp, (cg, op) => cg.define(op, cg.elementwise(op, ([a]) => `(-${a})`)));
implementJsExec(arith.AddUIExtendedOp, (cg, op) => unlessPoison(cg, op, () => emitAddUIExtended(cg, op)));
implementJsExec(arith.MulSIExtendedOp, (cg, op) =>
  unlessPoison(cg, op, () => emitMulExtended(cg, true, arith.MulSIExtendedOp.lhs(op), arith.MulSIExtendedOp.rhs(op), arith.MulSIExtendedOp.low(op), arith.MulSIExtendedOp.high(op))),
);
implementJsExec(arith.MulUIExtendedOp, (cg, op) =>
  unlessPoison(cg, op, () => emitMulExtended(cg, false, arith.MulUIExtendedOp.lhs(op), arith.MulUIExtendedOp.rhs(op), arith.MulUIExtendedOp.low(op), arith.MulUIExtendedOp.high(op))),
);

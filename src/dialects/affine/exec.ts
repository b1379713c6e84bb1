// How the affine.apply/min/max, computed as MLIR's lowering expands them execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import type { Operation, Value } from '../../ir/operation.js';
import * as affine from './index.js';
import * as arith from '../arith/index.js';
import { intBinary, intLit } from '../../exec/scalar.js';
import { reprOf } from '../../exec/types.js';
import { affineBinaryRange, affineLeafRange, type Range } from '../../exec/ranges.js';
import { AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineKind, AffineSymbolExpr, type AffineExpr, type AffineMap } from '../../ir/affine.js';
import { type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

/**
 * affine.apply/min/max: each result expression computed as lower-affine's
 * arith expansion computes it (mod, floordiv and ceildiv through remsi and
 * divsi, products with nsw, min/max as a minsi/maxsi chain), so the engine
 * agrees with mlir-runner on the lowered program. Subexpressions whose range
 * stays within the safe integers use plain number arithmetic.
 */
function emitAffine(cg: FunctionCompiler, op: Operation, map: AffineMap, operands: readonly Value[], kind: 'apply' | 'min' | 'max'): void {
  const K = cg.K(op);
  const r = cg.noteWide(reprOf(op.result(0).type));
  const res = cg.v(op.result(0));
  const ranges = operands.map((o) => cg.range(o) ?? null);
  const dims = ranges.slice(0, map.numDims);
  const syms = ranges.slice(map.numDims);
  const lbl = cg.label();
  let breaks = false;
  const start = cg.lines.length;
  cg.depth++;
  const bail = (x: string): void => {
    breaks = true;
    cg.emit(`if (typeof ${x} === "object") { ${res} = ${x}; break ${lbl}; }`);
  };
  for (const o of operands) if (cg.isTainted(o)) bail(cg.v(o));
  const bin = (name: string, a: string, b: string): string => intBinary(name, r, a, b, K)!;
  const tmp = (e: string): string => {
    const t = cg.fresh('$x');
    cg.emit(`${t} = ${e};`);
    return t;
  };
  // Post-order over the expression tree, without recursion; each node's
  // code and range (its range known: plain number arithmetic).
  const exprOf = (root: AffineExpr): string => {
    const done = new Map<AffineExpr, { code: string; range: Range | undefined }>();
    const stack: AffineExpr[] = [root];
    while (stack.length) {
      const e = stack[stack.length - 1];
      if (done.has(e)) {
        stack.pop();
        continue;
      }
      if (e instanceof AffineBinaryExpr) {
        const a = done.get(e.lhs);
        const b = done.get(e.rhs);
        if (a === undefined || b === undefined) {
          if (b === undefined) stack.push(e.rhs);
          if (a === undefined) stack.push(e.lhs);
          continue;
        }
        const range = affineBinaryRange(e.kind, a.range, b.range);
        done.set(e, { code: affineBinary(cg, e.kind, a.code, b.code, range !== undefined, bin, tmp, bail, K), range });
      } else {
        const code =
          e instanceof AffineConstantExpr
            ? intLit(r, BigInt(e.value))
            : cg.operandExpr(operands[e instanceof AffineDimExpr ? e.position : map.numDims + (e as AffineSymbolExpr).position]);
        done.set(e, { code, range: affineLeafRange(e, dims, syms) });
      }
      stack.pop();
    }
    return done.get(root)!.code;
  };
  const values = map.results.map(exprOf);
  let v = values[0];
  for (let i = 1; i < values.length; i++) v = tmp(`(${v} ${kind === 'min' ? '<' : '>'} ${values[i]} ? ${v} : ${values[i]})`);
  cg.emit(`${res} = ${v};`);
  cg.depth--;
  if (breaks) {
    cg.lines.splice(start, 0, '  '.repeat(cg.depth) + `${lbl}: {`);
    cg.emit('}');
  } else for (let i = start; i < cg.lines.length; i++) cg.lines[i] = cg.lines[i].slice(2);
}

/** One binary node of an affine expression (see emitAffine); `exact` when its range is known. */
function affineBinary(cg: FunctionCompiler, 
  kind: AffineKind,
  a: string,
  b: string,
  exact: boolean,
  bin: (name: string, a: string, b: string) => string,
  tmp: (e: string) => string,
  bail: (x: string) => void,
  K: number,
): string {
  if (exact) {
    // Plain numbers; the divisor is then positive.
    switch (kind) {
      case AffineKind.Add:
        return tmp(`${a} + ${b}`);
      case AffineKind.Mul:
        return tmp(`${a} * ${b} + 0`);
      case AffineKind.Mod:
        return tmp(`(($t = ${a} % ${b}) < 0 ? $t + ${b} : $t + 0)`);
      case AffineKind.FloorDiv:
        return tmp(`($t = ${a} % ${b}, (${a} - $t) / ${b} - ($t < 0 ? 1 : 0))`);
      default:
        return tmp(`($t = ${a} % ${b}, (${a} - $t) / ${b} + ($t > 0 ? 1 : 0))`);
    }
  }
  switch (kind) {
    case AffineKind.Add:
      return tmp(bin('addi', a, b));
    case AffineKind.Mul: {
      const x = tmp(`$rt.overflowCheck(${K}, "muli", ${arith.IntegerOverflowFlags.nsw}, 64, ${a}, ${b}, ${bin('muli', a, b)})`);
      bail(x);
      return x;
    }
    case AffineKind.Mod: {
      const rem = tmp(bin('remsi', a, b));
      return tmp(`(${rem} < 0 ? ${bin('addi', rem, b)} : ${rem})`);
    }
    case AffineKind.FloorDiv: {
      const neg = tmp(`${a} < 0`);
      const q = tmp(bin('divsi', tmp(`(${neg} ? ${bin('subi', '-1', a)} : ${a})`), b));
      return tmp(`(${neg} ? ${bin('subi', '-1', q)} : ${q})`);
    }
    default: {
      const nonPos = tmp(`${a} <= 0`);
      const q = tmp(bin('divsi', tmp(`(${nonPos} ? ${bin('subi', '0', a)} : ${bin('subi', a, '1')})`), b));
      return tmp(`(${nonPos} ? ${bin('subi', '0', q)} : ${bin('addi', q, '1')})`);
    }
  }
}

implementJsExec(affine.AffineApplyOp, (cg, op) => emitAffine(cg, op, affine.AffineApplyOp.map(op), affine.AffineApplyOp.mapOperands(op), 'apply'));
implementJsExec(affine.AffineMinOp, (cg, op) => emitAffine(cg, op, affine.AffineMinOp.map(op), affine.AffineMinOp.mapOperands(op), 'min'));
implementJsExec(affine.AffineMaxOp, (cg, op) => emitAffine(cg, op, affine.AffineMaxOp.map(op), affine.AffineMaxOp.mapOperands(op), 'max'));

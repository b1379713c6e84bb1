// Unrolling of innermost scf.for loops that carry an affine recurrence
// x' = x * a + c (constants a and c, wrapping at x's width: an LCG): the
// scalar loop is first run U iterations at a time, and copy j of the body
// computes its x * a + c as x0 * a^j + c * (a^(j-1) + ... + 1) from the value
// x0 the recurrence had before the U copies, so that the chain of
// multiplications carried from one iteration to the next is one per U
// iterations instead of U (as LLVM's unroll + reassociation does). Integer
// arithmetic modulo 2^w makes the two computations equal. Every copy is the
// body itself (same accesses, checks and errors, in the same order); the
// scalar loop then finishes the remaining iterations.

import { IntegerType, IndexType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as scf from '../../dialects/scf/index.js';
import { intBinaryOf } from '../op-kinds.js';
import { Op } from './encoder.js';
import type { WasmFunctionCompiler } from './compile.js';

/** Body copies per unrolled iteration. */
const U = 8;

export interface Recurrence {
  /** The iteration argument (x) and its position. */
  k: number;
  /** y = x * a and z = y + c (z is yielded). */
  mul: Operation;
  add: Operation;
  a: Value;
  c: Value;
  av: bigint;
  cv: bigint;
  w: number;
}

/** Whether `op` is `inside` or nested in it. */
function within(op: Operation, inside: Operation): boolean {
  for (let p: Operation | null = op; p; p = p.parentOp) if (p === inside) return true;
  return false;
}

export function recurrences(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ForOp>): Recurrence[] {
  const body = scf.ForOp.body(op);
  const yields = body.last && scf.YieldOp.dynCast(body.last);
  if (!yields) return [];
  const results = scf.YieldOp.results(yields);
  const out: Recurrence[] = [];
  scf.ForOp.regionIterArgs(op).forEach((x, k) => {
    const t = x.type;
    const w = t instanceof IndexType ? 64 : t instanceof IntegerType ? t.width : 0;
    if (w < 2 || w > 64 || !x.hasOneUse) return;
    // z = y + c, y = x * a (either operand order), y used by z only.
    const z = results[k].definingOp;
    const add = z && z.parentBlock === body ? intBinaryOf(z) : undefined;
    if (!z || !add || add.kind !== 'addi' || add.overflowFlags(z)) return;
    for (const [y, c] of [
      [add.lhs(z), add.rhs(z)],
      [add.rhs(z), add.lhs(z)],
    ]) {
      const m = y.definingOp;
      const mul = m && m.parentBlock === body ? intBinaryOf(m) : undefined;
      if (!m || !mul || mul.kind !== 'muli' || mul.overflowFlags(m) || !y.hasOneUse) continue;
      const a = mul.lhs(m) === x ? mul.rhs(m) : mul.rhs(m) === x ? mul.lhs(m) : undefined;
      if (!a || a === x) continue;
      // a and c: constants defined before the loop, used in it by these two ops only (their locals are rebound per copy).
      const av = fc.constInt(a);
      const cv = fc.constInt(c);
      if (av === undefined || cv === undefined || a === c || !fc.localsOf(a) || !fc.localsOf(c)) continue;
      if (a.definingOp && within(a.definingOp, op)) continue;
      if (c.definingOp && within(c.definingOp, op)) continue;
      const onlyHere = (v: Value, users: Operation[]): boolean => v.users().every((u) => !within(u, op) || users.includes(u));
      if (!onlyHere(a, [m]) || !onlyHere(c, [z])) continue;
      out.push({ k, mul: m, add: z, a, c, av, cv, w });
      return;
    }
  });
  return out;
}

/**
 * Emits the unrolled loop of an innermost scf.for with an affine recurrence,
 * before its scalar loop (the induction variable and iteration arguments are
 * assigned; the scalar loop finishes from where this one stops).
 */
export function unrollFor(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ForOp>): void {
  const iv = scf.ForOp.inductionVar(op);
  const step = fc.constInt(scf.ForOp.step(op));
  if (scf.ForOp.unsignedCmp(op) || !(iv.type instanceof IndexType) || step === undefined || step <= 0n || step > 1n << 20n) return;
  const body = scf.ForOp.body(op);
  for (let o = body.first; o; o = o.next) if (o.regions.length) return;
  // The recurrence's copies keep no poison markers.
  if (fc.touchesPoison(body)) return;
  const recs = recurrences(fc, op);
  if (!recs.length) return;
  const f = fc.body;
  const ivl = fc.localsOf(iv)![0];
  // Per copy j (1..U): a^j and c * (a^(j-1) + ... + 1), at the recurrence's width.
  const consts = recs.map((r) => {
    const vt = r.w <= 32 ? 'i32' : 'i64';
    const locals: { a: number; c: number }[] = [];
    let A = 1n;
    let C = 0n;
    for (let j = 1; j <= U; j++) {
      C = BigInt.asIntN(r.w, C * r.av + r.cv);
      A = BigInt.asIntN(r.w, A * r.av);
      const la = f.local(vt);
      const lc = f.local(vt);
      if (vt === 'i32') f.i32(Number(A)).set(la).i32(Number(C)).set(lc);
      else f.i64(A).set(la).i64(C).set(lc);
      locals.push({ a: la, c: lc });
    }
    return { r, locals, aLocals: fc.localsOf(r.a)!.slice(), cLocals: fc.localsOf(r.c)!.slice() };
  });
  const iters = scf.ForOp.regionIterArgs(op);
  const recK = new Set(recs.map((r) => r.k));
  // The recurrences' values before the copies (x0) stay in their locals until the last copy.
  const limit = f.local('i64');
  fc.push(scf.ForOp.upperBound(op));
  f.i64(1n << 62n).op(Op.i64_lt_s);
  fc.push(scf.ForOp.upperBound(op));
  f.i64(-(1n << 62n)).op(Op.i64_gt_s).op(Op.i32_and).structured(Op.if, 'void');
  fc.depth++;
  fc.push(scf.ForOp.upperBound(op));
  f.i64(BigInt(U - 1) * step).op(Op.i64_sub).set(limit);
  f.structured(Op.block, 'void').structured(Op.loop, 'void');
  fc.depth += 2;
  f.get(ivl).get(limit).op(Op.i64_ge_s).br(Op.br_if, 1);
  for (let j = 0; j < U; j++) {
    for (const c of consts) {
      fc.share(c.r.a, [c.locals[j].a]);
      fc.share(c.r.c, [c.locals[j].c]);
    }
    const last = j === U - 1;
    fc.block(body, (term) => {
      const y = scf.YieldOp.dynCast(term);
      if (!y) return;
      const res = scf.YieldOp.results(y);
      const keep = iters.map((_, k) => k).filter((k) => last || !recK.has(k));
      fc.assign(
        keep.map((k) => iters[k]),
        keep.map((k) => res[k]),
      );
    });
    f.get(ivl).i64(step).op(Op.i64_add).set(ivl);
  }
  f.br(Op.br, 0).op(Op.end).op(Op.end);
  fc.depth -= 2;
  f.op(Op.end);
  fc.depth--;
  for (const c of consts) {
    fc.share(c.r.a, c.aLocals);
    fc.share(c.r.c, c.cLocals);
  }
}

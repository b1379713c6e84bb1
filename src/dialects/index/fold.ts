// index dialect folders and canonicalization patterns (MLIR 22's
// IndexOps.cpp): constant folding that agrees for 32- and 64-bit indices,
// identities, `cmp` of min/max against constants, reassociation of constants
// and `cmp(sub(a, b), 0)`, plus the dialect's constant materializer.

import type { Attribute, Type } from '../../ir/attributes.js';
import type { Builder } from '../../ir/builder.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IndexType, IntegerType } from '../../ir/builtin-types.js';
import type { FoldResult, OpDefinition } from '../../ir/context.js';
import type { Location } from '../../ir/location.js';
import type { Operation, Value } from '../../ir/operation.js';
import { legacyPattern, type RewritePattern } from '../../ir/pattern.js';
import { foldOperation } from '../../transforms/fold.js';
import { matchConstant, isValue } from '../../ir/matchers.js';

type Calc = (a: bigint, b: bigint, w: number) => bigint | undefined;

const u = (v: bigint, w: number): bigint => BigInt.asUintN(w, v);
const s = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);
const idx = (v: bigint): IntegerAttr => IntegerAttr.get(IndexType.get(), v);
const i1 = (v: boolean): IntegerAttr => IntegerAttr.get(IntegerType.get(1), v ? 1n : 0n);

function intOf(a: Attribute | undefined): bigint | undefined {
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** Folds when f(trunc a, trunc b) = trunc f(a, b) holds for every input (add, mul, ...). */
function unchecked(c: readonly (Attribute | undefined)[], f: Calc): Attribute | undefined {
  const a = intOf(c[0]);
  const b = intOf(c[1]);
  if (a === undefined || b === undefined) return undefined;
  const r = f(a, b, 64);
  return r === undefined ? undefined : idx(r);
}

/** Folds only when the 64-bit result truncated matches the 32-bit one. */
function checked(c: readonly (Attribute | undefined)[], f: Calc): Attribute | undefined {
  const a = intOf(c[0]);
  const b = intOf(c[1]);
  if (a === undefined || b === undefined) return undefined;
  const r64 = f(a, b, 64);
  if (r64 === undefined) return undefined;
  const r32 = f(s(a, 32), s(b, 32), 32);
  if (r32 === undefined) return undefined;
  if (u(r64, 32) !== u(r32, 32)) return undefined;
  return idx(r64);
}

const isZero = (a: Attribute | undefined): boolean => intOf(a) === 0n;
const isOne = (a: Attribute | undefined): boolean => intOf(a) === 1n;

function ceilDivS(n: bigint, m: bigint, w: number): bigint | undefined {
  n = s(n, w);
  m = s(m, w);
  if (m === 0n) return undefined;
  if (n === 0n) return 0n;
  const mGtZ = m > 0n;
  if (n > 0n !== mGtZ) return s(-(-n / m), w);
  const x = mGtZ ? -1n : 1n;
  return s((n + x) / m + 1n, w);
}

function floorDivS(n: bigint, m: bigint, w: number): bigint | undefined {
  n = s(n, w);
  m = s(m, w);
  if (m === 0n) return undefined;
  if (n === 0n) return 0n;
  const mLtZ = m < 0n;
  if (n < 0n === mLtZ) return s(n / m, w);
  const x = mLtZ ? 1n : -1n;
  return s(-1n - (x - n) / m, w);
}

type Folder = (op: Operation, c: readonly (Attribute | undefined)[]) => FoldResult | undefined;
const one = (x: Attribute | Value | undefined): FoldResult | undefined => (x === undefined ? undefined : [x]);

const PREDS = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];

function compare(pred: string, a: bigint, b: bigint, w: number): boolean {
  const [x, y] = pred.startsWith('u') ? [u(a, w), u(b, w)] : [s(a, w), s(b, w)];
  switch (pred) {
    case 'eq':
      return x === y;
    case 'ne':
      return x !== y;
    case 'slt':
    case 'ult':
      return x < y;
    case 'sle':
    case 'ule':
      return x <= y;
    case 'sgt':
    case 'ugt':
      return x > y;
    default:
      return x >= y;
  }
}

function predOf(op: Operation): string {
  const a = op.getAttr('pred') as { value?: unknown } | undefined;
  return PREDS[typeof a?.value === 'number' ? a.value : 0];
}

interface Range {
  smin: bigint;
  smax: bigint;
  umin: bigint;
  umax: bigint;
}

function fromSigned(lo: bigint, hi: bigint, w: number): Range {
  const sameSign = (lo < 0n) === (hi < 0n);
  return { smin: lo, smax: hi, umin: sameSign ? u(lo, w) : 0n, umax: sameSign ? u(hi, w) : (1n << BigInt(w)) - 1n };
}
function fromUnsigned(lo: bigint, hi: bigint, w: number): Range {
  const sameSign = s(lo, w) < 0n === s(hi, w) < 0n;
  return { umin: lo, umax: hi, smin: sameSign ? s(lo, w) : -(1n << BigInt(w - 1)), smax: sameSign ? s(hi, w) : (1n << BigInt(w - 1)) - 1n };
}

function staticallyTrue(pred: string, l: Range, r: Range): boolean {
  switch (pred) {
    case 'sle':
      return l.smax <= r.smin;
    case 'slt':
      return l.smax < r.smin;
    case 'ule':
      return l.umax <= r.umin;
    case 'ult':
      return l.umax < r.umin;
    case 'sge':
      return l.smin >= r.smax;
    case 'sgt':
      return l.smin > r.smax;
    case 'uge':
      return l.umin >= r.umax;
    case 'ugt':
      return l.umin > r.umax;
    case 'eq': {
      const lc = l.smin === l.smax ? l.smin : l.umin === l.umax ? l.umin : undefined;
      const rc = r.smin === r.smax ? r.smin : r.umin === r.umax ? r.umin : undefined;
      return lc !== undefined && rc !== undefined && lc === rc;
    }
    default: {
      const sne = staticallyTrue('slt', l, r) || staticallyTrue('sgt', l, r);
      const une = staticallyTrue('ult', l, r) || staticallyTrue('ugt', l, r);
      return sne && une;
    }
  }
}

const INVERT: Record<string, string> = { eq: 'ne', ne: 'eq', slt: 'sge', sge: 'slt', sle: 'sgt', sgt: 'sle', ult: 'uge', uge: 'ult', ule: 'ugt', ugt: 'ule' };

function cmpOfMaxOrMin(kind: string, cstA: bigint, cstB: bigint, w: number, pred: string): boolean | undefined {
  const smin = -(1n << BigInt(w - 1));
  const smax = (1n << BigInt(w - 1)) - 1n;
  const umax = (1n << BigInt(w)) - 1n;
  let l: Range;
  switch (kind) {
    case 'index.maxs':
      l = fromSigned(s(cstA, w), smax, w);
      break;
    case 'index.mins':
      l = fromSigned(smin, s(cstA, w), w);
      break;
    case 'index.maxu':
      l = fromUnsigned(u(cstA, w), umax, w);
      break;
    default:
      l = fromUnsigned(0n, u(cstA, w), w);
  }
  const r: Range = { smin: s(cstB, w), smax: s(cstB, w), umin: u(cstB, w), umax: u(cstB, w) };
  if (staticallyTrue(pred, l, r)) return true;
  if (staticallyTrue(INVERT[pred], l, r)) return false;
  return undefined;
}

export const INDEX_FOLDS: Record<string, Folder> = {
  'index.constant': (op) => [op.getAttr('value')!],
  'index.bool.constant': (op) => [op.getAttr('value')!],
  'index.add': (op, c) => one(unchecked(c, (a, b, w) => s(a + b, w)) ?? (isZero(c[1]) ? op.operand(0) : undefined)),
  'index.sub': (op, c) => one(unchecked(c, (a, b, w) => s(a - b, w)) ?? (isZero(c[1]) ? op.operand(0) : undefined)),
  'index.mul': (op, c) => {
    const r = unchecked(c, (a, b, w) => s(a * b, w));
    if (r) return [r];
    if (isOne(c[1])) return [op.operand(0)];
    if (isZero(c[1])) return [op.operand(1)];
    return undefined;
  },
  'index.divs': (op, c) => one(checked(c, (a, b, w) => (s(b, w) === 0n ? undefined : s(s(a, w) / s(b, w), w))) ?? (isOne(c[1]) ? op.operand(0) : undefined)),
  'index.divu': (op, c) => one(checked(c, (a, b, w) => (u(b, w) === 0n ? undefined : u(a, w) / u(b, w))) ?? (isOne(c[1]) ? op.operand(0) : undefined)),
  'index.ceildivs': (_op, c) => one(checked(c, ceilDivS)),
  'index.ceildivu': (_op, c) =>
    one(
      checked(c, (n, m, w) => {
        if (u(m, w) === 0n) return undefined;
        if (u(n, w) === 0n) return 0n;
        return (u(n, w) - 1n) / u(m, w) + 1n;
      }),
    ),
  'index.floordivs': (_op, c) => one(checked(c, floorDivS)),
  'index.rems': (_op, c) => one(checked(c, (a, b, w) => (s(b, w) === 0n ? undefined : s(a, w) % s(b, w)))),
  'index.remu': (_op, c) => one(checked(c, (a, b, w) => (u(b, w) === 0n ? undefined : u(a, w) % u(b, w)))),
  'index.maxs': (_op, c) => one(checked(c, (a, b, w) => (s(a, w) > s(b, w) ? a : b))),
  'index.maxu': (_op, c) => one(checked(c, (a, b, w) => (u(a, w) > u(b, w) ? a : b))),
  'index.mins': (_op, c) => one(checked(c, (a, b, w) => (s(a, w) < s(b, w) ? a : b))),
  'index.minu': (_op, c) => one(checked(c, (a, b, w) => (u(a, w) < u(b, w) ? a : b))),
  'index.shl': (_op, c) => one(unchecked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : s(a << u(b, w), w)))),
  'index.shrs': (_op, c) => one(checked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : s(a, w) >> u(b, w)))),
  'index.shru': (_op, c) => one(checked(c, (a, b, w) => (u(b, w) >= 32n ? undefined : u(a, w) >> u(b, w)))),
  'index.and': (_op, c) => one(unchecked(c, (a, b, w) => s(a & b, w))),
  'index.or': (_op, c) => one(unchecked(c, (a, b, w) => s(a | b, w))),
  'index.xor': (_op, c) => one(unchecked(c, (a, b, w) => s(a ^ b, w))),
  'index.casts': (op, c) => castFold(op, c, true),
  'index.castu': (op, c) => castFold(op, c, false),
  'index.cmp': (op, c) => {
    const pred = predOf(op);
    const a = intOf(c[0]);
    const b = intOf(c[1]);
    if (a !== undefined && b !== undefined) {
      const r64 = compare(pred, a, b, 64);
      const r32 = compare(pred, a, b, 32);
      if (r64 === r32) return [i1(r64)];
    }
    const lhsOp = op.operand(0).definingOp;
    if (lhsOp && ['index.mins', 'index.minu', 'index.maxs', 'index.maxu'].includes(lhsOp.name.name) && b !== undefined) {
      const cstA = intOf(matchConstant(lhsOp.operand(1)));
      if (cstA !== undefined) {
        const r64 = cmpOfMaxOrMin(lhsOp.name.name, cstA, b, 64, pred);
        const r32 = cmpOfMaxOrMin(lhsOp.name.name, s(cstA, 32), s(b, 32), 32, pred);
        if (r64 !== undefined && r32 !== undefined && r64 === r32) return [i1(r64)];
      }
    }
    if (op.operand(0) === op.operand(1)) return [i1(['eq', 'sge', 'sle', 'uge', 'ule'].includes(pred))];
    return undefined;
  },
};

function castFold(op: Operation, c: readonly (Attribute | undefined)[], signed: boolean): FoldResult | undefined {
  const a = c[0];
  if (!(a instanceof IntegerAttr)) return undefined;
  const from = a.type;
  const to = op.result(0).type;
  const fw = from instanceof IntegerType ? from.width : 64;
  const v = signed ? s(a.value, fw) : u(a.value, fw);
  if (to instanceof IndexType) return [IntegerAttr.get(to, v)];
  if (to instanceof IntegerType) return [IntegerAttr.get(to, v)];
  return undefined;
}

// ---- canonicalization patterns

const ASSOC = ['index.add', 'index.mul', 'index.and', 'index.or', 'index.xor', 'index.maxs', 'index.maxu', 'index.mins', 'index.minu'];

function assocPattern(name: string): RewritePattern {
  return legacyPattern(
    name,
    (op, rewriter) => {
      if (matchConstant(op.operand(1)) === undefined) return false;
      const lhsOp = op.operand(0).definingOp;
      if (!lhsOp || lhsOp.name.name !== name) return false;
      if (matchConstant(lhsOp.operand(1)) === undefined) return false;
      // createOrFold: the constant combination must fold away.
      const tmp = rewriter.ctx.getOperationName(name);
      void tmp;
      const ip = rewriter.insertionPoint;
      const listener = rewriter.listener;
      rewriter.listener = {};
      const probe = rewriter.create(name, { operands: [op.operand(1), lhsOp.operand(1)], results: [IndexType.get()], location: op.location });
      rewriter.listener = listener;
      const folded = foldOperation(probe);
      if (!folded || folded.length !== 1) {
        probe.erase();
        rewriter.insertionPoint = ip;
        return false;
      }
      const f = folded[0];
      let c: Value;
      if (isValue(f)) c = f;
      else {
        rewriter.setInsertionPointBefore(probe);
        const m = materializeIndexConstant(rewriter, f, IndexType.get(), op.location);
        if (!m) {
          probe.erase();
          return false;
        }
        c = m.result(0);
      }
      probe.erase();
      rewriter.setInsertionPointBefore(op);
      const n = rewriter.create(name, { operands: [lhsOp.operand(0), c], results: [IndexType.get()], location: op.location });
      rewriter.replaceOp(op, n.results);
      return true;
    },
    { name: `canonicalizeAssociativeCommutativeBinaryOp<${name}>` },
  );
}

const cmpCanonicalize = legacyPattern(
  'index.cmp',
  (op, rewriter) => {
    const rhsZero = intOf(matchConstant(op.operand(1))) === 0n;
    const lhsZero = intOf(matchConstant(op.operand(0))) === 0n;
    if (!rhsZero && !lhsZero) return false;
    const sub = (rhsZero ? op.operand(0) : op.operand(1)).definingOp;
    if (!sub || sub.name.name !== 'index.sub') return false;
    const [a, b] = rhsZero ? [sub.operand(0), sub.operand(1)] : [sub.operand(1), sub.operand(0)];
    const n = rewriter.create('index.cmp', { operands: [a, b], results: [IntegerType.get(1)], attributes: { pred: op.getAttr('pred')! }, location: op.location });
    rewriter.replaceOp(op, n.results);
    return true;
  },
  { name: 'CmpOp::canonicalize' },
);

const INDEX_PATTERNS: Record<string, () => readonly RewritePattern[]> = {
  'index.cmp': () => [cmpCanonicalize],
};
for (const n of ASSOC) INDEX_PATTERNS[n] = () => [assocPattern(n)];

/** Attaches folders and patterns to the index op definitions. */
export function withIndexFolds(def: OpDefinition): OpDefinition {
  const fold = INDEX_FOLDS[def.name] as Folder | undefined;
  const patterns = INDEX_PATTERNS[def.name] as (() => readonly RewritePattern[]) | undefined;
  if (!fold && !patterns) return def;
  return { ...def, ...(fold ? { fold } : {}), ...(patterns ? { getCanonicalizationPatterns: patterns } : {}) };
}

/** The index dialect's materializeConstant: index.constant / index.bool.constant. */
export function materializeIndexConstant(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined {
  if (!(value instanceof IntegerAttr)) return undefined;
  if (type instanceof IndexType) return builder.create('index.constant', { results: [type], attributes: { value: IntegerAttr.get(type, value.value) }, location });
  if (type instanceof IntegerType && type.width === 1)
    return builder.create('index.bool.constant', { results: [type], attributes: { value: IntegerAttr.get(type, value.value) }, location });
  return undefined;
}

// Integer range analysis for the code generator (codegen.ts).
//
// For every integer (and index) SSA value of a function it computes an
// interval [lo, hi] of the *signed* values the value can take, or nothing
// ("any value of the type"). Bounds are JS numbers, always safe integers, so a
// wide (> 32-bit) value with a range is a plain JS number in the engine's
// representation (never a BigInt): the code generator then emits plain number
// arithmetic without representation tests, overflow fallbacks or (when an
// index's range lies within a memref's static size) bounds checks.
//
// The analysis is optimistic (values start unreached) and iterates to a fixed
// point; loop-carried values that keep growing are widened (to the int32 range,
// then to "anything"). An operation whose exact result could leave its type's
// range (that is, wrap around) gets no range. Values of ops the analysis does
// not model get no range.

import { IndexType, IntegerType } from '../ir/builtin-types.js';
import { DenseArrayAttr, IntegerAttr } from '../ir/builtin-attributes.js';
import { EnumAttr } from '../ods/index.js';
import type { Operation, Value } from '../ir/operation.js';

export interface Range {
  readonly lo: number;
  readonly hi: number;
}

const MAXS = Number.MAX_SAFE_INTEGER;
const I32: Range = { lo: -2147483648, hi: 2147483647 };

/** Width of an integer-like type (index: 64), or 0. */
function widthOf(v: Value): number {
  const t = v.type;
  if (t instanceof IndexType) return 64;
  if (t instanceof IntegerType) return t.width;
  return 0;
}

/** The full range of a width's signed values, when it is made of safe integers. */
function typeRange(w: number): Range | undefined {
  if (w === 1) return { lo: 0, hi: 1 }; // i1 is stored as 0/1
  if (w <= 53) return { lo: -(2 ** (w - 1)), hi: 2 ** (w - 1) - 1 };
  return undefined;
}

function within(r: Range, o: Range): boolean {
  return r.lo >= o.lo && r.hi <= o.hi;
}

/** A range for an exact result of width w, or undefined when it may wrap or leave the safe integers. */
function fit(w: number, lo: number, hi: number): Range | undefined {
  if (!(lo <= hi)) return undefined;
  if (w === 1) return lo >= 0 && hi <= 1 ? { lo, hi } : undefined;
  if (w > 53) return lo >= -MAXS && hi <= MAXS ? { lo, hi } : undefined;
  return lo >= -(2 ** (w - 1)) && hi <= 2 ** (w - 1) - 1 ? { lo, hi } : undefined;
}

const ARITH_NAMES: Record<string, string> = {
  'index.add': 'addi',
  'index.sub': 'subi',
  'index.mul': 'muli',
  'index.divs': 'divsi',
  'index.divu': 'divui',
  'index.rems': 'remsi',
  'index.remu': 'remui',
  'index.maxs': 'maxsi',
  'index.mins': 'minsi',
  'index.maxu': 'maxui',
  'index.minu': 'minui',
  'index.shl': 'shli',
  'index.shrs': 'shrsi',
  'index.shru': 'shrui',
  'index.and': 'andi',
  'index.or': 'ori',
  'index.xor': 'xori',
  'index.casts': 'index_cast',
  'index.castu': 'index_castui',
  'index.cmp': 'cmpi',
};

/** Smallest 2^k - 1 >= hi (hi >= 0). */
function ones(hi: number): number {
  let m = 1;
  while (m - 1 < hi) m *= 2;
  return m - 1;
}

export class RangeAnalysis {
  private ranges = new Map<Value, Range | null>(); // null: any value; absent: unreached
  /** Values that may hold a Poison object (they get no range). */
  private poison = new Set<Value>();
  private changes = new Map<Value, number>();
  private changed = false;

  constructor(readonly fn: Operation) {
    this.run();
  }

  /** The range of `v`, if known. Unreached values have none. */
  get(v: Value): Range | undefined {
    if (this.poison.has(v)) return undefined;
    return this.ranges.get(v) ?? undefined;
  }

  private markPoison(v: Value): void {
    if (!this.poison.has(v)) {
      this.poison.add(v);
      this.changed = true;
    }
  }

  private run(): void {
    const entry = this.fn.regions[0]?.blocks[0];
    if (!entry) return;
    for (const a of entry.args) {
      this.set(a, null);
      this.markPoison(a);
    }
    for (let iter = 0; iter < 50; iter++) {
      this.changed = false;
      this.fn.walk((op) => {
        if (op !== this.fn) this.visit(op);
      });
      if (!this.changed) return;
    }
    // No fixed point (cannot happen with widening): forget everything.
    this.ranges.clear();
    this.fn.walk((op) => {
      for (const r of op.results) this.poison.add(r);
    });
  }

  /** Joins r into v's range, widening values that keep changing. */
  private join(v: Value, r: Range | null | undefined): void {
    const w = widthOf(v);
    if (!w) return;
    if (r === undefined) r = null;
    if (r && w <= 53) {
      const t = typeRange(w)!;
      if (!within(r, t)) r = null;
    }
    if (r === null && w <= 53) r = typeRange(w)!;
    const old = this.ranges.get(v);
    if (old === null) return;
    let next: Range | null;
    if (old === undefined) next = r;
    else if (r === null) next = null;
    else {
      if (within(r, old)) return;
      next = { lo: Math.min(old.lo, r.lo), hi: Math.max(old.hi, r.hi) };
      const n = (this.changes.get(v) ?? 0) + 1;
      this.changes.set(v, n);
      if (n > 6) next = null;
      else if (n > 3) next = within(next, I32) ? I32 : null;
    }
    if (next === null && w <= 53) next = typeRange(w)!;
    if (old !== undefined && old !== null && next !== null && old.lo === next.lo && old.hi === next.hi) return;
    this.ranges.set(v, next);
    this.changed = true;
  }
  private set(v: Value, r: Range | null | undefined): void {
    this.join(v, r);
  }
  /** Operand range: undefined when unreached, null when unknown. */
  private r(v: Value): Range | null | undefined {
    if (!widthOf(v)) return null;
    return this.ranges.get(v);
  }

  private visit(op: Operation): void {
    const n = op.opName;
    // Region-carrying ops: bind block arguments.
    switch (n) {
      case 'scf.for': {
        const [lb, ub, step, ...inits] = op.operands;
        const body = op.regions[0].blocks[0];
        const rl = this.r(lb);
        const ru = this.r(ub);
        const rs = this.r(step);
        const unsigned = op.getAttr('unsignedCmp') !== undefined;
        const w = widthOf(body.args[0]);
        if (rl === undefined || ru === undefined || rs === undefined) return;
        let ivr: Range | null = null;
        if (rl && ru && rs && rs.lo > 0 && (!unsigned || (rl.lo >= 0 && ru.lo >= 0))) ivr = fit(w, rl.lo, Math.max(rl.lo, ru.hi - 1)) ?? null;
        if (w === 1) ivr = null;
        this.set(body.args[0], ivr);
        inits.forEach((x, i) => {
          this.joinFrom(body.args[i + 1], x);
          this.joinFrom(op.result(i), x);
        });
        const term = body.last;
        if (term && term.opName === 'scf.yield')
          term.operands.forEach((x, i) => {
            this.joinFrom(body.args[i + 1], x);
            this.joinFrom(op.result(i), x);
          });
        return;
      }
      case 'scf.while': {
        const before = op.regions[0].blocks[0];
        const after = op.regions[1].blocks[0];
        if (!before || !after) return this.unknownAll(op);
        op.operands.forEach((x, i) => this.joinFrom(before.args[i], x));
        const cond = before.last;
        if (cond && cond.opName === 'scf.condition')
          cond.operands.slice(1).forEach((x, i) => {
            this.joinFrom(after.args[i], x);
            this.joinFrom(op.result(i), x);
          });
        const y = after.last;
        if (y && y.opName === 'scf.yield') y.operands.forEach((x, i) => this.joinFrom(before.args[i], x));
        return;
      }
      case 'scf.if':
      case 'scf.index_switch':
      case 'scf.execute_region': {
        for (const reg of op.regions)
          for (const b of reg.blocks) {
            const t = b.last;
            if (t && t.opName === 'scf.yield') t.operands.forEach((x, i) => i < op.numResults && this.joinFrom(op.result(i), x));
            else if (n === 'scf.execute_region') this.unknownAll(op);
          }
        return;
      }
      case 'scf.parallel': {
        const seg = op.properties.get('operandSegmentSizes');
        const sizes = seg instanceof DenseArrayAttr ? seg.values.map(Number) : [];
        const body = op.regions[0].blocks[0];
        if (sizes.length < 3 || !body) return this.unknownAll(op);
        const d = sizes[0];
        for (let i = 0; i < d; i++) {
          const rl = this.r(op.operand(i));
          const ru = this.r(op.operand(d + i));
          const rs = this.r(op.operand(2 * d + i));
          if (rl === undefined || ru === undefined || rs === undefined) continue;
          this.set(body.args[i], rl && ru && rs && rs.lo > 0 ? (fit(64, rl.lo, Math.max(rl.lo, ru.hi - 1)) ?? null) : null);
        }
        this.unknownAll(op);
        return;
      }
      case 'scf.forall': {
        const body = op.regions[0].blocks[0];
        if (body) for (const a of body.args) this.set(a, null);
        this.unknownAll(op);
        return;
      }
      case 'cf.br':
      case 'cf.cond_br':
      case 'cf.switch':
        return this.bindBranch(op);
    }
    if (op.regions.length) {
      // Other ops with regions: arguments and results unknown.
      for (const reg of op.regions)
        for (const b of reg.blocks)
          for (const a of b.args) {
            this.set(a, null);
            this.markPoison(a);
          }
      return this.unknownAll(op);
    }
    if (op.numResults === 0) return;
    if (op.numResults !== 1) return this.unknownAll(op);
    const res = op.result(0);
    if (op.operands.some((x) => this.poison.has(x)) || this.makesPoison(op)) this.markPoison(res);
    const w = widthOf(res);
    if (!w) return;
    const rs = op.operands.map((x) => this.r(x));
    if (rs.some((x) => x === undefined)) return; // an operand is not reached yet
    this.set(res, this.transfer(op, w, rs as (Range | null)[]));
  }

  /** Ops whose result may be poison even when their operands are not. */
  private makesPoison(op: Operation): boolean {
    const n = op.opName;
    if (n === 'ub.poison' || n === 'arith.fptosi' || n === 'arith.fptoui' || n === 'func.call' || n === 'func.call_indirect') return true;
    const f = op.getAttr('overflowFlags');
    if (f instanceof EnumAttr && f.value !== 0) return true;
    if (n === 'arith.shli' || n === 'arith.shrsi' || n === 'arith.shrui' || n === 'index.shl' || n === 'index.shrs' || n === 'index.shru') {
      const amt = this.r(op.operand(1));
      const w = widthOf(op.result(0));
      return !(amt && amt.lo >= 0 && amt.hi < w);
    }
    return !(n.startsWith('arith.') || n.startsWith('index.') || n.startsWith('memref.') || n.startsWith('scf.') || n === 'vector.print');
  }

  private joinFrom(target: Value, src: Value): void {
    const r = this.r(src);
    if (r !== undefined) this.join(target, r);
    if (this.poison.has(src)) this.markPoison(target);
  }
  private unknownAll(op: Operation): void {
    for (const r of op.results) {
      this.set(r, null);
      this.markPoison(r);
    }
  }
  private bindBranch(op: Operation): void {
    const seg = op.properties.get('operandSegmentSizes');
    if (op.opName === 'cf.br') {
      op.operands.forEach((x, i) => this.joinFrom(op.successor(0).args[i], x));
      return;
    }
    const sizes = seg instanceof DenseArrayAttr ? seg.values.map(Number) : [];
    if (op.opName === 'cf.cond_br' && sizes.length === 3) {
      const t = op.operands.slice(1, 1 + sizes[1]);
      const f = op.operands.slice(1 + sizes[1]);
      t.forEach((x, i) => this.joinFrom(op.successor(0).args[i], x));
      f.forEach((x, i) => this.joinFrom(op.successor(1).args[i], x));
      return;
    }
    // cf.switch and anything else: successor arguments unknown.
    for (const s of op.successors)
      for (const a of s.args) {
        this.set(a, null);
        this.markPoison(a);
      }
  }

  private transfer(op: Operation, w: number, rs: (Range | null)[]): Range | null | undefined {
    let n = op.opName;
    if (ARITH_NAMES[n]) n = ARITH_NAMES[n];
    else if (n.startsWith('arith.')) n = n.slice(6);
    else if (n === 'index.constant' || n === 'index.bool.constant') n = 'constant';
    else if (n === 'index.sizeof') return { lo: 8, hi: 8 };
    else return null;
    const [a, b] = rs;
    switch (n) {
      case 'constant': {
        const v = op.getAttr('value');
        if (!(v instanceof IntegerAttr)) return null;
        let x = v.value;
        if (w === 1) x &= 1n;
        else x = BigInt.asIntN(w, x);
        if (x < -BigInt(MAXS) || x > BigInt(MAXS)) return null;
        return { lo: Number(x), hi: Number(x) };
      }
      case 'cmpi':
      case 'cmpf':
        return { lo: 0, hi: 1 };
      case 'select': {
        const x = rs[1];
        const y = rs[2];
        if (!x || !y) return null;
        return { lo: Math.min(x.lo, y.lo), hi: Math.max(x.hi, y.hi) };
      }
      case 'extsi':
      case 'index_cast':
      case 'trunci': {
        const fw = widthOf(op.operand(0));
        let x = a ?? typeRange(fw) ?? null;
        if (fw === 1 && x && n !== 'trunci') x = { lo: -x.hi, hi: -x.lo }; // i1 0/1 is 0/-1 signed
        if (!x) return null;
        return fit(w, x.lo, x.hi) ?? null;
      }
      case 'extui':
      case 'index_castui': {
        const fw = widthOf(op.operand(0));
        if (a && a.lo >= 0) return fit(w, a.lo, a.hi) ?? null;
        if (fw <= 52 && w > fw) return { lo: 0, hi: 2 ** fw - 1 };
        return null;
      }
    }
    if (w === 1) return null;
    switch (n) {
      case 'shrsi':
      case 'shrui':
        if (b && b.lo === b.hi && b.lo >= 0 && b.lo < w) {
          const s = 2 ** b.lo;
          if (a && (n === 'shrsi' || a.lo >= 0)) return { lo: Math.floor(a.lo / s), hi: Math.floor(a.hi / s) };
          if (b.lo === 0) return a;
          // Any value of the width shifted right.
          if (n === 'shrsi') return fit(w, -(2 ** (w - 1 - b.lo)), 2 ** (w - 1 - b.lo) - 1) ?? null;
          return fit(w, 0, 2 ** (w - b.lo) - 1) ?? null;
        }
        return null;
    }
    if (!a || !b) {
      if (n === 'andi') {
        const x = a && a.lo >= 0 ? a : b && b.lo >= 0 ? b : undefined;
        if (x) return { lo: 0, hi: x.hi };
      }
      if ((n === 'remui' || n === 'remsi') && b && b.lo > 0) return n === 'remui' ? { lo: 0, hi: b.hi - 1 } : { lo: -(b.hi - 1), hi: b.hi - 1 };
      return null;
    }
    switch (n) {
      case 'addi':
        return fit(w, a.lo + b.lo, a.hi + b.hi);
      case 'subi':
        return fit(w, a.lo - b.hi, a.hi - b.lo);
      case 'muli': {
        const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
        return fit(w, Math.min(...p), Math.max(...p));
      }
      case 'divsi':
      case 'divui': {
        if (n === 'divui' && (a.lo < 0 || b.lo < 0)) return null;
        if (b.lo <= 0 && b.hi >= 0) return null; // the divisor may be zero (or change sign)
        const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi].map(Math.trunc);
        // Quotients of large operands may be rounded (by at most one).
        const e = Math.max(-a.lo, a.hi) < 2 ** 31 ? 0 : 1;
        return fit(w, Math.min(...q) - e, Math.max(...q) + e);
      }
      case 'remsi':
      case 'remui': {
        if (n === 'remui' && (a.lo < 0 || b.lo < 0)) return null;
        if (b.lo <= 0 && b.hi >= 0) return null;
        const m = Math.max(Math.abs(b.lo), Math.abs(b.hi)) - 1;
        const lo = a.lo >= 0 ? 0 : Math.max(-m, a.lo);
        const hi = a.hi <= 0 ? 0 : Math.min(m, a.hi);
        return { lo, hi };
      }
      case 'maxsi':
        return { lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) };
      case 'minsi':
        return { lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
      case 'maxui':
      case 'minui':
        if (a.lo < 0 || b.lo < 0) return null;
        return n === 'maxui' ? { lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) } : { lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
      case 'andi':
        if (a.lo >= 0 && b.lo >= 0) return { lo: 0, hi: Math.min(a.hi, b.hi) };
        if (a.lo >= 0) return { lo: 0, hi: a.hi };
        if (b.lo >= 0) return { lo: 0, hi: b.hi };
        if (within(a, I32) && within(b, I32)) return I32;
        return null;
      case 'ori':
      case 'xori':
        if (a.lo >= 0 && b.lo >= 0) return fit(w, 0, ones(Math.max(a.hi, b.hi)));
        if (within(a, I32) && within(b, I32)) return fit(w, I32.lo, I32.hi) ?? null;
        return null;
      case 'shli':
        if (b.lo === b.hi && b.lo >= 0 && b.lo < w) return fit(w, a.lo * 2 ** b.lo, a.hi * 2 ** b.lo);
        return null;
      case 'ceildivsi':
      case 'floordivsi':
      case 'ceildivui':
        return null;
    }
    return null;
  }
}

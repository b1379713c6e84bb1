// A generator of random, UB-free programs over func/arith/scf/memref/index/
// vector.print for differential testing of scf-run against mlir-runner.
//
// How undefined behaviour is avoided by construction:
// - divisors are forced into [2, 63] (optionally negated), so no division by
//   zero and no MIN / -1 overflow; shift amounts are reduced modulo the width;
// - every float result is clamped into [-B, B] (B = 1000 for f16, 1e6 otherwise)
//   with maximumf/minimumf, so no infinity survives and no NaN is ever made;
//   float-to-int conversions only target >= 32-bit integers (in range);
// - loops have constant positive steps and small trip counts; memref indices
//   are reduced modulo the (static or dynamic) size; memrefs are initialized
//   before they are read; no overflow flags (nsw/nuw) are generated.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }
}

const INT_TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'index', 'i5', 'i17', 'i48'] as const;
const COMMON_INTS = ['i1', 'i8', 'i16', 'i32', 'i64', 'index', 'i32', 'i64', 'index'] as const;
const FLOAT_TYPES = ['f16', 'bf16', 'f32', 'f64', 'f32', 'f64'] as const;

function width(t: string): number {
  return t === 'index' ? 64 : parseInt(t.slice(1), 10);
}
function isFloat(t: string): boolean {
  return t[0] === 'f' || t === 'bf16';
}
function bound(t: string): string {
  return t === 'f16' ? '1.000000e+03' : '1.000000e+06';
}

export interface GenOptions {
  /** Number of top-level statements per program (before nesting). */
  statements?: number;
  /**
   * Extra features (off by default: mlir-runner's lowering in the
   * differential test does not take scf.forall): `scf.forall` statements,
   * private helper functions, and index arithmetic on induction variables.
   */
  forall?: boolean;
  privateHelpers?: boolean;
  ivArith?: boolean;
  /**
   * Loop shapes for the unrolling passes: scf.for loops with trip counts 0-6
   * (so f - 1, f and f + 1 for factors up to 5), bounds and steps the passes
   * cannot see as constants (always with ub >= lb there: MLIR's dynamic
   * unrolling assumes it), the same value as both bounds, index/i8/i16/i32/
   * i64 and unsigned induction variables, loops without iter_args; and
   * scf.parallel loops without reductions whose trip counts small factors
   * divide, each iteration storing to its own element.
   */
  loopShapes?: boolean;
  /**
   * Loop nests unroll-and-jam may reorder: top-level scf.for loops without
   * results whose iterations print nothing and write only their own memref
   * element, around inner loops with iter_args. The loop accumulating into a
   * memref (whose body may print) is left out.
   */
  jamNests?: boolean;
  /**
   * More scf.while shapes (for the while-loop passes): counting loops the
   * uplifting recognizes (index/i32/i64, slt or swapped sgt, static or
   * dynamic bounds and steps, zero trips, extra arguments forwarded in any
   * order), do-while loops and loops with work in the `before` block. The
   * counter's final value is never printed: MLIR 22's uplifting recomputes
   * it as the last iteration's value, not the exit value.
   */
  whileShapes?: boolean;
  /**
   * Every scf.parallel has this many dimensions, with varied lower bounds,
   * steps and (never smaller) upper bounds, static or dynamic.
   */
  parallelDims?: number;
  /**
   * Chains of adjacent scf.parallel loops over shared bounds reading and
   * writing a few buffers (for the fusion pass). Each buffer is stored at one
   * offset from the induction variables throughout a chain and each loop
   * reads a buffer it stores to only there (no races, and no write-after-
   * write conflict, which MLIR 22's fusion does not check); other reads use
   * any offset, possibly through an alias.
   */
  parallelChains?: boolean;
  /**
   * Upstream's early exits (newer than MLIR 22, so off by default):
   * `scf.loop` with `scf.break`/`scf.continue`, token `scf.execute_region`s
   * broken out of, and loops nested directly in them exiting the outer ones.
   */
  earlyExits?: boolean;
  /**
   * Loops with dynamic bounds and steps (derived from an enclosing induction
   * variable; lb < ub; upper bounds
   * sometimes an affine.min with a constant result) whose bodies compute affine.min/max/apply of the
   * induction variable: what loop peeling and the loop specializations rewrite.
   */
  peelLoops?: boolean;
  /**
   * Adds i33 (the first width above 32 bits) to the integer types, and
   * wrapping 64-bit LCG/hash steps (multiplications by large odd constants).
   */
  wideInts?: boolean;
}

/** An early-exit target the statement being generated is directly nested in. */
interface ExitTarget {
  token: string;
  /** The target's result type (a loop's also its second iter arg). */
  type: string;
  /** For loops: the incremented counter a `continue` passes on. */
  next?: string;
}

/** Generates one module holding `count` programs @p0..@p{count-1} and a @main calling them in order. */
export function generateModule(seed: number, count: number, opts: GenOptions = {}): string {
  const rng = new Rng(seed);
  const out: string[] = [];
  out.push('func.func private @printMemrefI32(memref<*xi32>)');
  out.push('func.func private @printMemrefF32(memref<*xf32>)');
  out.push('func.func private @printMemrefI64(memref<*xi64>)');
  out.push('func.func private @printMemrefF64(memref<*xf64>)');
  for (let i = 0; i < count; i++) out.push(new ProgramGen(rng, `p${i}`, opts).generate());
  out.push('func.func @main() {');
  for (let i = 0; i < count; i++) out.push(`  func.call @p${i}() : () -> ()`);
  out.push('  return');
  out.push('}');
  return out.join('\n') + '\n';
}

class ProgramGen {
  private lines: string[] = [];
  private helpers: string[] = [];
  private depth = 1;
  private n = 0;
  /** Visible values by type, innermost scope last. */
  private scopes: Map<string, string[]>[] = [new Map()];
  private consts = new Map<string, string>();
  private helperCount = 0;
  private statementsLeft: number;
  private readonly FLOATS: readonly string[];
  private readonly INTS: readonly string[];

  constructor(
    readonly rng: Rng,
    readonly name: string,
    readonly opts: GenOptions,
  ) {
    this.statementsLeft = opts.statements ?? 14;
    this.FLOATS = FLOAT_TYPES;
    this.INTS = opts.wideInts ? [...INT_TYPES, 'i33'] : INT_TYPES;
  }

  generate(): string {
    this.emit(`vector.print str "${this.name}\\n"`);
    // Seed values of several types.
    for (let i = 0; i < 5; i++) this.freshConst(this.rng.pick(COMMON_INTS));
    for (let i = 0; i < 3; i++) this.freshConst(this.rng.pick(this.FLOATS));
    while (this.statementsLeft-- > 0) this.statement(0);
    // Print a sample of the values in scope.
    this.printSome(4);
    this.emit('return');
    const body = this.lines.join('\n');
    return this.helpers.join('\n') + (this.helpers.length ? '\n' : '') + `func.func @${this.name}() {\n${body}\n}`;
  }

  // ---- emission helpers

  private emit(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  private fresh(): string {
    return `%v${this.n++}`;
  }
  private add(t: string, v: string): string {
    const top = this.scopes[this.scopes.length - 1];
    let l = top.get(t);
    if (!l) top.set(t, (l = []));
    l.push(v);
    return v;
  }
  private visible(t: string): string[] {
    const out: string[] = [];
    for (const s of this.scopes) out.push(...(s.get(t) ?? []));
    return out;
  }
  private pushScope(): void {
    this.scopes.push(new Map());
  }
  private popScope(): void {
    this.scopes.pop();
  }
  /** A constant of type t, hoisted: constants dominate everything since they are emitted at top level only when at depth 1. */
  private constant(t: string, text: string): string {
    const v = this.fresh();
    this.emit(`${v} = arith.constant ${text} : ${t}`);
    return v;
  }
  private intConst(t: string, value: bigint | number): string {
    const w = width(t);
    let v = BigInt(value);
    if (t === 'i1') {
      const c = this.fresh();
      this.emit(`${c} = arith.constant ${v & 1n ? 'true' : 'false'}`);
      return c;
    }
    v = BigInt.asIntN(w, v);
    return this.constant(t, String(v));
  }
  private randomIntText(t: string): bigint {
    const w = width(t);
    const r = this.rng.int(10);
    if (r === 0) return 0n;
    if (r === 1) return 1n;
    if (r === 2) return -1n;
    if (r === 3) return (1n << BigInt(w - 1)) - 1n;
    if (r === 4) return -(1n << BigInt(w - 1));
    if (r < 7) return BigInt(this.rng.int(200) - 100);
    // Random bits.
    let v = 0n;
    for (let i = 0; i < w; i += 16) v = (v << 16n) | BigInt(this.rng.int(65536));
    return BigInt.asIntN(w, v);
  }
  private floatText(t: string): string {
    const b = t === 'f16' ? 1000 : 1e6;
    const r = this.rng.int(6);
    let x: number;
    if (r === 0) x = 0;
    else if (r === 1) x = this.rng.int(20) - 10;
    else if (r === 2) x = (this.rng.int(2000) - 1000) / 8;
    else if (r === 3) x = (this.rng.next() - 0.5) * 2 * b;
    else if (r === 4) x = (this.rng.next() - 0.5) * 0.01;
    else x = (this.rng.next() - 0.5) * 100;
    return x.toExponential(6).replace(/e([+-])(\d)$/, 'e$10$2');
  }
  private freshConst(t: string): string {
    if (isFloat(t)) return this.add(t, this.constant(t, this.floatText(t)));
    return this.add(t, this.intConst(t, this.randomIntText(t)));
  }
  private smallIndexConst(v: number): string {
    const key = 'index:' + v;
    const c = this.consts.get(key);
    if (c && this.depth === 1) return c;
    const x = this.constant('index', String(v));
    if (this.depth === 1) this.consts.set(key, x);
    return x;
  }
  /** Some value of type t (a new constant when none is visible). */
  private value(t: string): string {
    const vs = this.visible(t);
    if (vs.length === 0 || this.rng.chance(0.1)) return this.freshConst(t);
    return this.rng.pick(vs);
  }

  // ---- expressions

  private clamp(t: string, v: string): string {
    const lo = this.constant(t, '-' + bound(t));
    const hi = this.constant(t, bound(t));
    const a = this.fresh();
    this.emit(`${a} = arith.maximumf ${v}, ${lo} : ${t}`);
    const b = this.fresh();
    this.emit(`${b} = arith.minimumf ${a}, ${hi} : ${t}`);
    return b;
  }

  /** A divisor in [2, 63] or [-63, -2]. */
  private divisor(t: string, x: string): string {
    const w = width(t);
    const mask = this.intConst(t, w >= 8 ? 63 : 2 ** (w - 2) - 1);
    const two = this.intConst(t, w >= 3 ? 2 : 1);
    const a = this.fresh();
    this.emit(`${a} = arith.andi ${x}, ${mask} : ${t}`);
    const b = this.fresh();
    this.emit(`${b} = arith.ori ${a}, ${two} : ${t}`);
    if (w >= 8 && this.rng.chance(0.4)) {
      const z = this.intConst(t, 0);
      const c = this.fresh();
      this.emit(`${c} = arith.subi ${z}, ${b} : ${t}`);
      return c;
    }
    return b;
  }

  private intExpr(t: string): string {
    const w = width(t);
    const a = this.value(t);
    const b = this.value(t);
    const r = this.fresh();
    let k = this.rng.int(22);
    if (k >= 10 && k < 16 && w < 2) k = this.rng.int(10);
    const simple = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui'];
    if (k < 10) {
      this.emit(`${r} = arith.${simple[k]} ${a}, ${b} : ${t}`);
      return this.add(t, r);
    }
    if (k < 16 && w >= 2) {
      const op = ['divsi', 'divui', 'remsi', 'remui', 'ceildivsi', 'floordivsi'][k - 10];
      let d = this.divisor(t, b);
      if (op === 'divui' || op === 'remui') {
        // Unsigned ops see the negated divisor as a huge value: also fine (non-zero).
        d = this.rng.chance(0.5) ? d : this.divisor(t, b);
      }
      this.emit(`${r} = arith.${op} ${a}, ${d} : ${t}`);
      return this.add(t, r);
    }
    if (k < 19) {
      const op = ['shli', 'shrsi', 'shrui'][k - 16];
      const wc = this.intConst(t, w);
      const s = this.fresh();
      this.emit(`${s} = arith.remui ${b}, ${wc} : ${t}`);
      if (t === 'i1') {
        // remui by 1 (i1 "1" is the width) is 0 or the shift is by zero: fine.
      }
      this.emit(`${r} = arith.${op} ${a}, ${s} : ${t}`);
      return this.add(t, r);
    }
    if (k === 19) {
      const pred = this.rng.pick(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']);
      this.emit(`${r} = arith.cmpi ${pred}, ${a}, ${b} : ${t}`);
      return this.add('i1', r);
    }
    if (k === 20) {
      const c = this.value('i1');
      this.emit(`${r} = arith.select ${c}, ${a}, ${b} : ${t}`);
      return this.add(t, r);
    }
    // casts
    return this.castFrom(t, a);
  }

  private castFrom(t: string, a: string): string {
    const r = this.fresh();
    const w = width(t);
    const choice = this.rng.int(5);
    if (choice === 0 && t !== 'index') {
      const to = this.rng.pick(this.FLOATS);
      this.emit(`${r} = arith.${this.rng.pick(['sitofp', 'uitofp'])} ${a} : ${t} to ${to}`);
      return this.add(to, this.clamp(to, r));
    }
    if (t === 'index') {
      const to = this.rng.pick(['i1', 'i8', 'i16', 'i32', 'i64', 'i48']);
      this.emit(`${r} = arith.${this.rng.pick(['index_cast', 'index_castui'])} ${a} : index to ${to}`);
      return this.add(to, r);
    }
    if (choice === 1) {
      this.emit(`${r} = arith.${this.rng.pick(['index_cast', 'index_castui'])} ${a} : ${t} to index`);
      return this.add('index', r);
    }
    const others = this.INTS.filter((x) => x !== 'index' && width(x) !== w);
    const to = this.rng.pick(others);
    const op = width(to) > w ? this.rng.pick(['extsi', 'extui']) : 'trunci';
    this.emit(`${r} = arith.${op} ${a} : ${t} to ${to}`);
    return this.add(to, r);
  }

  private floatExpr(t: string): string {
    const a = this.value(t);
    const b = this.value(t);
    const r = this.fresh();
    const k = this.rng.int(12);
    if (k < 3) {
      this.emit(`${r} = arith.${['addf', 'subf', 'mulf'][k]} ${a}, ${b} : ${t}`);
      return this.add(t, this.clamp(t, r));
    }
    if (k < 5) {
      // x / (1 + y*y) and x % (1 + y*y): the divisor is >= 1 (or +inf).
      const one = this.constant(t, '1.000000e+00');
      const sq = this.fresh();
      this.emit(`${sq} = arith.mulf ${b}, ${b} : ${t}`);
      const d = this.fresh();
      this.emit(`${d} = arith.addf ${sq}, ${one} : ${t}`);
      this.emit(`${r} = arith.${k === 3 ? 'divf' : 'remf'} ${a}, ${d} : ${t}`);
      return this.add(t, this.clamp(t, r));
    }
    if (k === 5) {
      this.emit(`${r} = arith.negf ${a} : ${t}`);
      return this.add(t, r);
    }
    if (k === 6) {
      this.emit(`${r} = arith.${this.rng.pick(['maximumf', 'minimumf'])} ${a}, ${b} : ${t}`);
      return this.add(t, r);
    }
    if (k === 7) {
      const pred = this.rng.pick(['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true']);
      this.emit(`${r} = arith.cmpf ${pred}, ${a}, ${b} : ${t}`);
      return this.add('i1', r);
    }
    if (k === 8) {
      const c = this.value('i1');
      this.emit(`${r} = arith.select ${c}, ${a}, ${b} : ${t}`);
      return this.add(t, r);
    }
    if (k === 9) {
      // float -> int (in range: values are clamped to +-1e6)
      const to = this.rng.pick(['i32', 'i64', 'i48']);
      if (this.rng.chance(0.5)) {
        this.emit(`${r} = arith.fptosi ${a} : ${t} to ${to}`);
      } else {
        const z = this.constant(t, '0.000000e+00');
        const p = this.fresh();
        this.emit(`${p} = arith.maximumf ${a}, ${z} : ${t}`);
        this.emit(`${r} = arith.fptoui ${p} : ${t} to ${to}`);
      }
      return this.add(to, r);
    }
    // float -> float
    const order = ['f16', 'bf16', 'f32', 'f64'];
    const others = order.filter((x) => x !== t && !(t === 'f16' && x === 'bf16') && !(t === 'bf16' && x === 'f16'));
    const to = this.rng.pick(others);
    const wider = order.indexOf(to) > order.indexOf(t);
    this.emit(`${r} = arith.${wider ? 'extf' : 'truncf'} ${a} : ${t} to ${to}`);
    return this.add(to, wider ? r : this.clamp(to, r));
  }

  private expr(): string {
    if (this.opts.wideInts && this.rng.chance(0.08)) return this.wrappingStep();
    if (this.rng.chance(0.3)) return this.floatExpr(this.rng.pick(this.FLOATS));
    return this.intExpr(this.rng.chance(0.8) ? this.rng.pick(COMMON_INTS) : this.rng.pick(this.INTS));
  }

  /** One step of a 64-bit LCG or FNV-style hash: products that wrap modulo 2^64. */
  private wrappingStep(): string {
    const x = this.value('i64');
    const [mulK, addK] = this.rng.pick([
      [6364136223846793005n, 1442695040888963407n],
      [1099511628211n, 0xcbf29ce484222325n],
      [0x9e3779b97f4a7c15n, 0x2545f4914f6cdd1dn],
    ]);
    const m = this.fresh();
    this.emit(`${m} = arith.muli ${x}, ${this.intConst('i64', mulK)} : i64`);
    const r = this.fresh();
    this.emit(`${r} = arith.${this.rng.pick(['addi', 'xori'])} ${m}, ${this.intConst('i64', addK)} : i64`);
    this.add('i64', r);
    return r;
  }

  private anyType(): string {
    return this.rng.chance(0.3) ? this.rng.pick(this.FLOATS) : this.rng.pick(COMMON_INTS);
  }

  private print(v: string, t: string): void {
    if (t === 'f16' || t === 'bf16') {
      // mlir-runner 22 passes f16/bf16 to printF16/printBF16 as an i16 without
      // zeroext, so negative values can print as garbage: print them as f32.
      const e = this.fresh();
      this.emit(`${e} = arith.extf ${v} : ${t} to f32`);
      this.emit(`vector.print ${e} : f32`);
      return;
    }
    this.emit(`vector.print ${v} : ${t}`);
  }

  private printSome(n: number): void {
    for (let i = 0; i < n; i++) {
      const t = this.anyType();
      const vs = this.visible(t);
      if (vs.length) this.print(this.rng.pick(vs), t);
    }
  }

  // ---- statements

  private statement(level: number): void {
    if (this.opts.jamNests && level === 0 && this.rng.chance(0.3)) return this.jamNest();
    if (this.opts.earlyExits && level < 3 && this.rng.chance(0.15)) return this.rng.chance(0.6) ? this.earlyLoop(level, []) : this.earlyRegion(level);
    const k = this.rng.int(level >= 3 ? 4 : 14);
    if (k < 3) {
      const v = this.expr();
      void v;
      if (this.rng.chance(0.3)) this.printSome(1);
      return;
    }
    if (k === 3) {
      this.printSome(2);
      return;
    }
    switch (k) {
      case 4:
      case 5:
        if (this.opts.peelLoops && this.rng.chance(0.5)) return this.peelLoopNest(level);
        return this.forLoop(level);
      case 6:
        return this.ifStmt(level);
      case 7:
        if (this.opts.whileShapes) return this.whileShape(level);
        return this.whileLoop(level);
      case 8:
        return this.switchStmt(level);
      case 9:
        if (this.opts.parallelChains && this.rng.chance(0.7)) return this.parallelChain(level);
        return this.memrefStmt(level);
      case 10:
        return this.callStmt();
      case 11:
        if (this.opts.peelLoops && this.rng.chance(0.5)) return this.rng.chance(0.7) ? this.peelLoopNest(level) : this.parallelMinStmt(level);
        if (this.opts.parallelChains && this.rng.chance(0.7)) return this.parallelChain(level);
        if (this.opts.parallelDims) return this.parallelShape(level, this.opts.parallelDims);
        return this.parallelStmt(level);
      case 12:
        return this.executeRegion(level);
      default:
        if (this.opts.forall && this.rng.chance(0.5)) return this.forallStmt(level);
        return this.memrefStmt(level);
    }
  }

  private body(level: number, count: number): void {
    for (let i = 0; i < count; i++) this.statement(level + 1);
  }

  private forLoop(level: number): void {
    if (this.opts.loopShapes) return this.shapedForLoop(level);
    const t = this.anyType();
    const init = this.value(t);
    const lbv = this.rng.int(4);
    const lb = this.smallIndexConst(lbv);
    const ub = this.smallIndexConst(lbv + this.rng.int(6));
    const step = this.smallIndexConst(1 + this.rng.int(3));
    const r = this.fresh();
    const iv = this.fresh();
    const acc = this.fresh();
    this.emit(`${r} = scf.for ${iv} = ${lb} to ${ub} step ${step} iter_args(${acc} = ${init}) -> (${t}) {`);
    this.depth++;
    this.pushScope();
    this.add('index', iv);
    this.add(t, acc);
    if (this.opts.ivArith && this.rng.chance(0.5)) this.ivArith(iv);
    this.body(level, 1 + this.rng.int(3));
    const y = this.value(t);
    this.emit(`scf.yield ${y} : ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  private ifStmt(level: number): void {
    const t = this.anyType();
    const c = this.value('i1');
    const r = this.fresh();
    this.emit(`${r} = scf.if ${c} -> (${t}) {`);
    for (let branch = 0; branch < 2; branch++) {
      if (branch === 1) this.emit('} else {');
      this.depth++;
      this.pushScope();
      this.body(level, this.rng.int(3));
      this.emit(`scf.yield ${this.value(t)} : ${t}`);
      this.popScope();
      this.depth--;
    }
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  private whileLoop(level: number): void {
    const t = this.anyType();
    const init = this.value(t);
    const zero = this.intConst('i32', 0);
    const limit = this.intConst('i32', 1 + this.rng.int(6));
    const one = this.intConst('i32', 1);
    const i = this.fresh();
    const x = this.fresh();
    const r = this.fresh();
    this.emit(`${r}:2 = scf.while (${i} = ${zero}, ${x} = ${init}) : (i32, ${t}) -> (i32, ${t}) {`);
    this.depth++;
    this.pushScope();
    this.add(t, x);
    const c = this.fresh();
    this.emit(`${c} = arith.cmpi slt, ${i}, ${limit} : i32`);
    this.emit(`scf.condition(${c}) ${i}, ${x} : i32, ${t}`);
    this.popScope();
    this.depth--;
    const j = this.fresh();
    const y = this.fresh();
    this.emit(`} do {`);
    this.emit(`^bb0(${j}: i32, ${y}: ${t}):`);
    this.depth++;
    this.pushScope();
    this.add(t, y);
    this.body(level, 1 + this.rng.int(2));
    const j2 = this.fresh();
    this.emit(`${j2} = arith.addi ${j}, ${one} : i32`);
    this.emit(`scf.yield ${j2}, ${this.value(t)} : i32, ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, `${r}#1`);
    this.print(`${r}#1`, t);
  }

  private switchStmt(level: number): void {
    const t = this.anyType();
    const sel = this.value('index');
    const m = this.smallIndexConst(4);
    const s = this.fresh();
    this.emit(`${s} = arith.remui ${sel}, ${m} : index`);
    const r = this.fresh();
    const cases = [0, 1, 2, 3].filter(() => this.rng.chance(0.6));
    this.emit(`${r} = scf.index_switch ${s} -> ${t}`);
    for (const c of [...cases, -1]) {
      this.emit(c < 0 ? 'default {' : `case ${c} {`);
      this.depth++;
      this.pushScope();
      // A distinct side effect per case: MLIR 22 crashes (connectPHINodes) when
      // block merging turns trivial cases into one llvm.switch successor with
      // different block arguments.
      this.emit(`vector.print str "case ${c < 0 ? 'default' : c}\\n"`);
      this.body(level, this.rng.int(2));
      this.emit(`scf.yield ${this.value(t)} : ${t}`);
      this.popScope();
      this.depth--;
      this.emit('}');
    }
    this.add(t, r);
    this.print(r, t);
  }

  private executeRegion(level: number): void {
    const t = this.anyType();
    const r = this.fresh();
    this.emit(`${r} = scf.execute_region -> ${t} {`);
    this.depth++;
    this.pushScope();
    this.body(level, 1 + this.rng.int(2));
    this.emit(`scf.yield ${this.value(t)} : ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  // ---- loop shapes (GenOptions.loopShapes / jamNests)

  /** A value of type t equal to `v` that is not a constant op (`c + 0`). */
  private opaqueInt(t: string, v: bigint | number): string {
    const c = this.intConst(t, v);
    const z = this.intConst(t, 0);
    const r = this.fresh();
    this.emit(`${r} = arith.addi ${c}, ${z} : ${t}`);
    return r;
  }

  /** An scf.for of a chosen trip count (0-6), IV type and signedness, with constant or opaque bounds. */
  private shapedForLoop(level: number): void {
    const ivType = this.rng.pick(['index', 'index', 'index', 'i32', 'i64', 'i16', 'i8']);
    const unsigned = this.rng.chance(0.25);
    const tripCount = this.rng.int(7);
    const step = 1 + this.rng.int(3);
    const lbv = unsigned ? this.rng.int(4) : this.rng.int(6) - 2;
    // `dynamic` bounds are opaque to the passes; they keep ub >= lb.
    const dynamic = this.rng.chance(0.3);
    const below = tripCount === 0 && !dynamic ? this.rng.int((unsigned ? lbv : 2) + 1) : 0;
    const ubv = tripCount === 0 ? lbv - below : lbv + (tripCount - 1) * step + 1 + this.rng.int(step);
    const sameBounds = tripCount === 0 && this.rng.chance(0.2);
    const lb = dynamic && this.rng.chance(0.7) ? this.opaqueInt(ivType, lbv) : this.intConst(ivType, lbv);
    const ub = sameBounds ? lb : dynamic ? this.opaqueInt(ivType, ubv) : this.intConst(ivType, ubv);
    const st = dynamic && this.rng.chance(0.4) ? this.opaqueInt(ivType, step) : this.intConst(ivType, step);
    const iv = this.fresh();
    const head = `scf.for ${unsigned ? 'unsigned ' : ''}${iv} = ${lb} to ${ub} step ${st}`;
    const typeSuffix = ivType === 'index' ? '' : ` : ${ivType}`;
    const carried = this.rng.chance(0.7);
    const t = this.anyType();
    const r = this.fresh();
    const acc = this.fresh();
    if (carried) this.emit(`${r} = ${head} iter_args(${acc} = ${this.value(t)}) -> (${t})${typeSuffix} {`);
    else this.emit(`${head}${typeSuffix} {`);
    this.depth++;
    this.pushScope();
    this.add(ivType, iv);
    if (carried) this.add(t, acc);
    if (ivType === 'index' && this.opts.ivArith && this.rng.chance(0.5)) this.ivArith(iv);
    this.body(level, 1 + this.rng.int(3));
    if (carried) this.emit(`scf.yield ${this.value(t)} : ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    if (carried) {
      this.add(t, r);
      this.print(r, t);
    }
  }

  /** The index `idx` as a value of t (floats through a signed i32). */
  private indexAs(t: string, idx: string): string {
    if (t === 'index') return idx;
    const x = this.fresh();
    if (!isFloat(t)) {
      this.emit(`${x} = arith.index_cast ${idx} : index to ${t}`);
      return x;
    }
    this.emit(`${x} = arith.index_cast ${idx} : index to i32`);
    const y = this.fresh();
    this.emit(`${y} = arith.sitofp ${x} : i32 to ${t}`);
    return y;
  }

  /** `a` combined with the index `idx` (as a value of t): no UB, floats stay clamped. */
  private mixIndex(t: string, a: string, idx: string): string {
    const x = this.indexAs(t, idx);
    if (isFloat(t)) {
      const y = this.fresh();
      this.emit(`${y} = arith.addf ${a}, ${x} : ${t}`);
      return this.clamp(t, y);
    }
    const y = this.fresh();
    this.emit(`${y} = arith.${this.rng.pick(['addi', 'xori', 'muli', 'maxsi'])} ${a}, ${x} : ${t}`);
    return y;
  }

  /** An scf.parallel of 1-2 dimensions without reductions: iteration k stores to element k of a fresh memref. */
  private reductionFreeParallel(): void {
    const t = this.rng.pick(['i32', 'i64', 'index', 'f32', 'f64']);
    const dims = 1 + this.rng.int(2);
    const ns = Array.from({ length: dims }, () => this.rng.pick([1, 2, 3, 4, 6]));
    const lbs = ns.map(() => this.rng.int(3));
    const steps = ns.map(() => 1 + this.rng.int(2));
    const size = ns.reduce((a, b) => a * b, 1);
    const m = this.fresh();
    const mt = `memref<${size}x${t}>`;
    this.emit(`${m} = memref.alloc() : ${mt}`);
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const nc = this.smallIndexConst(size);
    const fill = this.value(t);
    const z = this.fresh();
    this.emit(`scf.for ${z} = ${c0} to ${nc} step ${c1} {`);
    this.emit(`  memref.store ${fill}, ${m}[${z}] : ${mt}`);
    this.emit('}');
    const lbc = lbs.map((l) => this.smallIndexConst(l));
    const ubc = ns.map((n, d) => this.smallIndexConst(lbs[d] + n * steps[d]));
    const stc = steps.map((s) => this.smallIndexConst(s));
    const ivs = ns.map(() => this.fresh());
    this.emit(`scf.parallel (${ivs.join(', ')}) = (${lbc.join(', ')}) to (${ubc.join(', ')}) step (${stc.join(', ')}) {`);
    this.depth++;
    this.pushScope();
    // The element of this iteration: ((i0 - lb0) / s0) * n1 + (i1 - lb1) / s1.
    let idx = '';
    for (let d = 0; d < dims; d++) {
      const a = this.fresh();
      this.emit(`${a} = arith.subi ${ivs[d]}, ${lbc[d]} : index`);
      const q = this.fresh();
      this.emit(`${q} = arith.divui ${a}, ${stc[d]} : index`);
      if (!idx) idx = q;
      else {
        const p = this.fresh();
        this.emit(`${p} = arith.muli ${idx}, ${this.smallIndexConst(ns[d])} : index`);
        idx = this.fresh();
        this.emit(`${idx} = arith.addi ${p}, ${q} : index`);
      }
      this.add('index', ivs[d]);
    }
    for (let e = this.rng.int(3); e > 0; e--) this.expr();
    this.emit(`memref.store ${this.mixIndex(t, this.value(t), idx)}, ${m}[${idx}] : ${mt}`);
    this.emit('scf.reduce');
    this.popScope();
    this.depth--;
    this.emit('}');
    this.printMemrefOrElement(m, t, size);
    this.emit(`memref.dealloc ${m} : ${mt}`);
  }

  /** Prints the whole memref (printMemref for i32/i64/f32/f64) or one element of it. */
  private printMemrefOrElement(m: string, t: string, size: number): void {
    if (t === 'i32' || t === 'f32' || t === 'i64' || t === 'f64') {
      const u = this.fresh();
      this.emit(`${u} = memref.cast ${m} : memref<${size}x${t}> to memref<*x${t}>`);
      this.emit(`func.call @printMemref${t.toUpperCase()}(${u}) : (memref<*x${t}>) -> ()`);
      return;
    }
    const k = this.boundedIndex(this.smallIndexConst(size));
    const r = this.fresh();
    this.emit(`${r} = memref.load ${m}[${k}] : memref<${size}x${t}>`);
    this.print(r, t);
  }

  /**
   * A nest unroll-and-jam can take: an outer scf.for without results whose
   * iteration k computes through inner loops with iter_args (bounds defined
   * outside) and stores to element k only, printing nothing.
   */
  private jamNest(): void {
    const t = this.rng.pick(['i32', 'i64', 'f32', 'f64', 'index']);
    const n = 1 + this.rng.int(6);
    const lb = this.rng.int(3);
    const step = 1 + this.rng.int(2);
    const m = this.fresh();
    const mt = `memref<${n}x${t}>`;
    this.emit(`${m} = memref.alloc() : ${mt}`);
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const fill = this.value(t);
    const z = this.fresh();
    this.emit(`scf.for ${z} = ${c0} to ${this.smallIndexConst(n)} step ${c1} {`);
    this.emit(`  memref.store ${fill}, ${m}[${z}] : ${mt}`);
    this.emit('}');
    const lbc = this.smallIndexConst(lb);
    const ubc = this.smallIndexConst(lb + (n - 1) * step + 1 + this.rng.int(step));
    const stc = this.smallIndexConst(step);
    // Inner bounds, defined outside the nest.
    const innerUbs = [0, 1].map(() => this.smallIndexConst(this.rng.int(5)));
    const i = this.fresh();
    this.emit(`scf.for ${i} = ${lbc} to ${ubc} step ${stc} {`);
    this.depth++;
    this.pushScope();
    this.add('index', i);
    const a = this.fresh();
    this.emit(`${a} = arith.subi ${i}, ${lbc} : index`);
    const row = this.fresh();
    this.emit(`${row} = arith.divui ${a}, ${stc} : index`);
    for (let e = this.rng.int(2); e > 0; e--) this.expr();
    let v = this.jamInner(t, innerUbs, c0, c1, 1 + this.rng.int(2));
    if (this.rng.chance(0.4)) {
      for (let e = this.rng.int(2); e > 0; e--) this.expr();
      const w = this.jamInner(t, innerUbs, c0, c1, 1);
      v = this.mixIndex(t, v, row);
      if (!isFloat(t)) {
        const y = this.fresh();
        this.emit(`${y} = arith.xori ${v}, ${w} : ${t}`);
        v = y;
      }
    }
    this.emit(`memref.store ${v}, ${m}[${row}] : ${mt}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.printMemrefOrElement(m, t, n);
    this.emit(`memref.dealloc ${m} : ${mt}`);
  }

  /** An inner loop of a jam nest, accumulating in t (with `levels - 1` loops nested in it); returns its result. */
  private jamInner(t: string, ubs: string[], c0: string, c1: string, levels: number): string {
    const j = this.fresh();
    const acc = this.fresh();
    const r = this.fresh();
    this.emit(`${r} = scf.for ${j} = ${c0} to ${this.rng.pick(ubs)} step ${c1} iter_args(${acc} = ${this.value(t)}) -> (${t}) {`);
    this.depth++;
    this.pushScope();
    this.add('index', j);
    this.add(t, acc);
    for (let e = this.rng.int(2); e > 0; e--) this.expr();
    let x = this.mixIndex(t, acc, j);
    if (levels > 1) {
      const inner = this.jamInner(t, ubs, c0, c1, levels - 1);
      if (isFloat(t)) {
        const y = this.fresh();
        this.emit(`${y} = arith.addf ${x}, ${inner} : ${t}`);
        x = this.clamp(t, y);
      } else {
        const y = this.fresh();
        this.emit(`${y} = arith.addi ${x}, ${inner} : ${t}`);
        x = y;
      }
    }
    this.emit(`scf.yield ${x} : ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    return r;
  }

  // ---- early exits (opts.earlyExits)

  /** `scf.if %c { exit }`, the exit emitted by `exit` inside the branch. */
  private exitIf(c: string, exit: () => void): void {
    this.emit(`scf.if ${c} {`);
    this.depth++;
    this.pushScope();
    exit();
    this.popScope();
    this.depth--;
    this.emit('}');
  }

  /** Maybe a conditional break or continue of one of `targets` (innermost last). */
  private randomExit(targets: ExitTarget[]): void {
    if (!targets.length || !this.rng.chance(0.6)) return;
    const target = this.rng.pick(targets);
    this.exitIf(this.value('i1'), () => {
      if (this.rng.chance(0.3)) this.printSome(1);
      const v = this.value(target.type);
      if (target.next === undefined) this.emit(`scf.break ${target.token}, ${v} : ${target.type}`);
      else if (this.rng.chance(0.5)) this.emit(`scf.break [${target.token}] ${v} : ${target.type}`);
      else this.emit(`scf.continue [${target.token}] ${target.next}, ${v} : i32, ${target.type}`);
    });
  }

  /** A counted `scf.loop` (at most 5 iterations) with random breaks/continues, maybe holding a loop that exits it. */
  private earlyLoop(level: number, outer: ExitTarget[]): void {
    const t = this.anyType();
    const init = this.value(t);
    const zero = this.intConst('i32', 0);
    const limit = this.intConst('i32', 1 + this.rng.int(5));
    const one = this.intConst('i32', 1);
    const tok = this.fresh();
    const i = this.fresh();
    const x = this.fresh();
    const r = this.fresh();
    this.emit(`${r} = scf.loop token(${tok}) iter_args(${i} = ${zero}, ${x} = ${init}) : i32, ${t} -> ${t} {`);
    this.depth++;
    this.pushScope();
    this.add(t, x);
    const done = this.fresh();
    this.emit(`${done} = arith.cmpi sge, ${i}, ${limit} : i32`);
    this.exitIf(done, () => this.emit(`scf.break [${tok}] ${x} : ${t}`));
    const next = this.fresh();
    this.emit(`${next} = arith.addi ${i}, ${one} : i32`);
    const targets = [...outer, { token: tok, type: t, next }];
    this.body(level, this.rng.int(2));
    this.randomExit(targets);
    if (level < 2 && this.rng.chance(0.4)) this.earlyLoop(level + 1, targets);
    this.randomExit(targets);
    this.emit(`scf.continue [${tok}] ${next}, ${this.value(t)} : i32, ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  /** An `scf.execute_region` with a token, broken out of (like `return`), maybe from a loop in it. */
  private earlyRegion(level: number): void {
    const t = this.anyType();
    const tok = this.fresh();
    const r = this.fresh();
    this.emit(`${r} = scf.execute_region -> ${t} {`);
    this.emit(`^bb0(${tok}: token):`);
    this.depth++;
    this.pushScope();
    const targets = [{ token: tok, type: t }];
    this.body(level, this.rng.int(2));
    this.randomExit(targets);
    if (this.rng.chance(0.5)) this.earlyLoop(level + 1, targets);
    this.randomExit(targets);
    this.emit(`scf.yield ${this.value(t)} : ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  /** A small dynamic index value: `%o + c` (o in [0, 3], c in [min, max]). */
  private dynSmall(o: string, max: number, min = 0): string {
    const v = this.fresh();
    this.emit(`${v} = arith.addi ${o}, ${this.smallIndexConst(min + this.rng.int(max - min + 1))} : index`);
    return v;
  }

  /**
   * `scf.for %o = 0 to n { scf.for %iv = lb to ub step st { ... } }` where
   * lb, ub and st may depend on %o (see GenOptions.peelLoops).
   */
  private peelLoopNest(level: number): void {
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const n = this.smallIndexConst(1 + this.rng.int(4));
    const o = this.fresh();
    this.emit(`scf.for ${o} = ${c0} to ${n} step ${c1} {`);
    this.depth++;
    this.pushScope();
    // lb < ub always: MLIR 22's peeling assumes lb <= ub, and peel-front
    // peels one iteration out of any loop it cannot prove empty (a dynamic or
    // folded-to-constant zero-trip loop then runs once). Zero-trip loops come
    // from the generator's other loops (constant bounds, never peeled).
    const a = this.rng.int(4);
    const dynLb = this.rng.chance(0.5);
    const lb = dynLb ? this.dynSmall(o, a, a) : this.smallIndexConst(a);
    let ub = !dynLb && this.rng.chance(0.2) ? this.smallIndexConst(a + 1 + this.rng.int(10)) : this.dynSmall(o, a + 10, a + 1);
    if (this.rng.chance(0.3)) {
      // The shape the specializations look for: min(C, x), C above lb.
      const m = this.fresh();
      this.emit(`${m} = affine.min affine_map<()[s0] -> (${7 + this.rng.int(8)}, s0)>()[${ub}]`);
      ub = m;
    }
    const step = this.rng.chance(0.25) ? this.dynSmall(o, 2, 1) : this.smallIndexConst(1 + this.rng.int(4));
    const init = this.value('index');
    const r = this.fresh();
    const iv = this.fresh();
    const acc = this.fresh();
    this.emit(`${r} = scf.for ${iv} = ${lb} to ${ub} step ${step} iter_args(${acc} = ${init}) -> (index) {`);
    this.depth++;
    this.pushScope();
    this.add('index', iv);
    let sum = acc;
    const accumulate = (x: string): void => {
      const s = this.fresh();
      this.emit(`${s} = arith.addi ${sum}, ${x} : index`);
      sum = s;
    };
    // The tile size of the current iteration, as tiling writes it.
    const m = this.fresh();
    this.emit(`${m} = affine.min affine_map<(d0)[s0, s1] -> (s1, s0 - d0)>(${iv})[${ub}, ${step}]`);
    accumulate(m);
    if (this.rng.chance(0.5)) {
      const x = this.fresh();
      this.emit(`${x} = affine.max affine_map<(d0)[s0, s1] -> (-s1, d0 - s0)>(${iv})[${ub}, ${step}]`);
      accumulate(x);
    }
    if (this.rng.chance(0.4)) {
      const x = this.fresh();
      const k = 2 + this.rng.int(4);
      this.emit(`${x} = affine.min affine_map<(d0)[s0] -> (s0 - d0, ${k}, d0 * 2 - s0 + ${k})>(${iv})[${ub}]`);
      accumulate(x);
    }
    if (this.rng.chance(0.6)) {
      const x = this.fresh();
      this.emit(`${x} = affine.apply affine_map<(d0)[s0, s1, s2] -> (${this.affineExpr()})>(${iv})[${ub}, ${step}, ${this.bigIndex()}]`);
      accumulate(x);
    }
    this.body(level, this.rng.int(2));
    this.emit(`scf.yield ${sum} : index`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.print(r, 'index');
    this.popScope();
    this.depth--;
    this.emit('}');
  }

  /**
   * A random affine expression over d0, s0, s1 (small values) and s2 (up to
   * 2^52 in magnitude), s2 used once, never multiplied nor subtracted: products
   * must not overflow (lower-affine multiplies with nsw). (Constants beyond
   * 2^53 stay out: scfkit's affine constants are JS numbers.)
   */
  private affineExpr(): string {
    const leaf = (): string => this.rng.pick(['d0', 's0', 's1', String(this.rng.int(9) - 4)]);
    const gen = (d: number): string => {
      if (d === 0) return leaf();
      switch (this.rng.int(6)) {
        case 0:
          return `(${gen(d - 1)} + ${gen(d - 1)})`;
        case 1:
          return `(${gen(d - 1)} * ${this.rng.int(7) - 3})`;
        case 2:
          return `(${gen(d - 1)} floordiv ${1 + this.rng.int(5)})`;
        case 3:
          return `(${gen(d - 1)} ceildiv ${1 + this.rng.int(5)})`;
        case 4:
          return `(${gen(d - 1)} mod ${1 + this.rng.int(5)})`;
        default:
          return `(${gen(d - 1)} - ${gen(d - 1)})`;
      }
    };
    const e = gen(1 + this.rng.int(2));
    const k = 1 + this.rng.int(5);
    switch (this.rng.int(4)) {
      case 0:
        return `(s2 + ${e}) floordiv ${k}`;
      case 1:
        return `(s2 + ${e}) mod ${k}`;
      case 2:
        return `(s2 + ${e}) ceildiv ${k}`;
      default:
        return `${e} + s2`;
    }
  }

  /** An index constant, sometimes near 2^52 in magnitude. */
  private bigIndex(): string {
    const v = this.rng.chance(0.5) ? this.rng.int(200) - 100 : (this.rng.chance(0.5) ? 1 : -1) * (2 ** 52 - this.rng.int(1000));
    return this.constant('index', String(v));
  }

  /** An scf.parallel whose upper bounds are min(C, dynamic), reducing its induction variables. */
  private parallelMinStmt(level: number): void {
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const n = this.smallIndexConst(1 + this.rng.int(3));
    const o = this.fresh();
    this.emit(`scf.for ${o} = ${c0} to ${n} step ${c1} {`);
    this.depth++;
    this.pushScope();
    const ubs: string[] = [];
    for (let k = 0; k < 2; k++) {
      const x = this.dynSmall(o, 4);
      const m = this.fresh();
      this.emit(`${m} = affine.min affine_map<(d0) -> (${1 + this.rng.int(4)}, d0)>(${x})`);
      ubs.push(m);
    }
    const init = this.value('index');
    const [i, j, r, l, rr, s, x] = [0, 0, 0, 0, 0, 0, 0].map(() => this.fresh());
    this.emit(`${r} = scf.parallel (${i}, ${j}) = (${c0}, ${c0}) to (${ubs[0]}, ${ubs[1]}) step (${c1}, ${c1}) init (${init}) -> index {`);
    this.depth++;
    this.pushScope();
    this.add('index', i);
    this.add('index', j);
    this.body(level, this.rng.int(2));
    this.emit(`${x} = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(${i}, ${j})`);
    this.emit(`scf.reduce(${x} : index) {`);
    this.emit(`^bb0(${l}: index, ${rr}: index):`);
    this.depth++;
    this.emit(`${s} = arith.addi ${l}, ${rr} : index`);
    this.emit(`scf.reduce.return ${s} : index`);
    this.depth--;
    this.emit('}');
    this.popScope();
    this.depth--;
    this.emit('}');
    this.print(r, 'index');
    this.popScope();
    this.depth--;
    this.emit('}');
  }

  /** `iv + c` and `(iv + c) * k` (what scf-for-loop-range-folding folds into the bounds), as index values. */
  private ivArith(iv: string): void {
    const a = this.fresh();
    this.emit(`${a} = arith.addi ${iv}, ${this.smallIndexConst(this.rng.int(5))} : index`);
    this.add('index', a);
    if (this.rng.chance(0.5)) {
      const m = this.fresh();
      this.emit(`${m} = arith.muli ${a}, ${this.smallIndexConst(1 + this.rng.int(3))} : index`);
      this.add('index', m);
    }
  }

  /** An scf.forall whose iterations each store to their own element of a fresh memref, which is then printed. */
  private forallStmt(level: number): void {
    const t = this.rng.pick(['i32', 'i64', 'index', 'f32', 'f64']);
    const n1 = 1 + this.rng.int(4);
    const n2 = this.rng.chance(0.5) ? 1 + this.rng.int(3) : 0;
    const size = n1 * (n2 || 1);
    const m = this.fresh();
    const nc = this.smallIndexConst(size);
    this.emit(`${m} = memref.alloc() : memref<${size}x${t}>`);
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const fill = this.value(t);
    const z = this.fresh();
    this.emit(`scf.for ${z} = ${c0} to ${nc} step ${c1} {`);
    this.emit(`  memref.store ${fill}, ${m}[${z}] : memref<${size}x${t}>`);
    this.emit('}');
    const i = this.fresh();
    const j = this.fresh();
    const withBounds = this.rng.chance(0.5);
    if (n2) this.emit(`scf.forall (${i}, ${j}) in (${n1}, ${n2}) {`);
    else if (withBounds) {
      // Iterations lb, lb+step, ... below lb + n1*step; the element is (i - lb) / step.
      const lb = this.rng.int(3);
      const st = 1 + this.rng.int(2);
      this.emit(`scf.forall (${i}) = (${lb}) to (${lb + n1 * st}) step (${st}) {`);
      this.depth++;
      this.pushScope();
      const d = this.fresh();
      this.emit(`${d} = arith.subi ${i}, ${this.smallIndexConst(lb)} : index`);
      const e = this.fresh();
      this.emit(`${e} = arith.divui ${d}, ${this.smallIndexConst(st)} : index`);
      this.forallBody(level, t, m, size, e, i);
      return;
    } else this.emit(`scf.forall (${i}) in (${n1}) {`);
    this.depth++;
    this.pushScope();
    let idx = i;
    if (n2) {
      const r = this.fresh();
      this.emit(`${r} = arith.muli ${i}, ${this.smallIndexConst(n2)} : index`);
      idx = this.fresh();
      this.emit(`${idx} = arith.addi ${r}, ${j} : index`);
      this.add('index', j);
    }
    this.forallBody(level, t, m, size, idx, i);
  }

  private forallBody(level: number, t: string, m: string, size: number, idx: string, iv: string): void {
    this.add('index', iv);
    if (level < 2) this.body(level + 1, this.rng.int(2));
    let x = this.indexAs(t, idx);
    const y = this.fresh();
    const other = this.value(t);
    if (isFloat(t)) {
      this.emit(`${y} = arith.addf ${x}, ${other} : ${t}`);
      x = this.clamp(t, y);
    } else {
      this.emit(`${y} = arith.${this.rng.pick(['addi', 'xori', 'maxsi'])} ${x}, ${other} : ${t}`);
      x = y;
    }
    this.emit(`memref.store ${x}, ${m}[${idx}] : memref<${size}x${t}>`);
    this.popScope();
    this.depth--;
    this.emit('}');
    const k = this.boundedIndex(this.smallIndexConst(size));
    const r = this.fresh();
    this.emit(`${r} = memref.load ${m}[${k}] : memref<${size}x${t}>`);
    this.add(t, r);
    this.print(r, t);
    this.emit(`memref.dealloc ${m} : memref<${size}x${t}>`);
  }

  private parallelStmt(level: number): void {
    if (this.opts.loopShapes && this.rng.chance(0.5)) return this.reductionFreeParallel();
    const t = this.rng.pick(['i32', 'i64', 'index', 'f32', 'f64', 'i16']);
    const init = this.value(t);
    const c0 = this.smallIndexConst(0);
    const n1 = this.smallIndexConst(1 + this.rng.int(4));
    const n2 = this.smallIndexConst(1 + this.rng.int(3));
    const c1 = this.smallIndexConst(1);
    const i = this.fresh();
    const j = this.fresh();
    const r = this.fresh();
    this.emit(`${r} = scf.parallel (${i}, ${j}) = (${c0}, ${c0}) to (${n1}, ${n2}) step (${c1}, ${c1}) init (${init}) -> ${t} {`);
    this.depth++;
    this.pushScope();
    this.add('index', i);
    this.add('index', j);
    this.body(level, this.rng.int(2));
    // The reduced value depends on the induction variables.
    const x = this.indexAs(t, isFloat(t) ? i : j);
    this.reduceAndClose(t, x, r);
  }

  /** Ends a reducing scf.parallel: an `scf.reduce` of x (a random combiner), then its result r is printed. */
  private reduceAndClose(t: string, x: string, r: string): void {
    const op = isFloat(t) ? this.rng.pick(['addf', 'subf', 'maximumf']) : this.rng.pick(['addi', 'subi', 'muli', 'xori', 'maxsi']);
    const [l, rr, s] = [this.fresh(), this.fresh(), this.fresh()];
    this.emit(`scf.reduce(${x} : ${t}) {`);
    this.emit(`^bb0(${l}: ${t}, ${rr}: ${t}):`);
    this.depth++;
    this.emit(`${s} = arith.${op} ${l}, ${rr} : ${t}`);
    this.emit(`scf.reduce.return ${isFloat(t) ? this.clamp(t, s) : s} : ${t}`);
    this.depth--;
    this.emit('}');
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, r);
    this.print(r, t);
  }

  // ---- while shapes (whileShapes)

  private whileShape(level: number): void {
    const k = this.rng.int(4);
    if (k === 0) return this.whileLoop(level);
    if (k === 1) return this.countingWhile(level);
    if (k === 2) return this.doWhile(level);
    return this.busyBeforeWhile(level);
  }

  /** A positive index value below `limit` + 1 computed from some visible index value. */
  private dynamicIndex(limit: number, plus: number): string {
    const r = this.boundedIndex(this.smallIndexConst(limit));
    if (!plus) return r;
    const a = this.fresh();
    this.emit(`${a} = arith.addi ${r}, ${this.smallIndexConst(plus)} : index`);
    return a;
  }

  /** A counting loop in the form the uplifting to scf.for recognizes (or nearly). */
  private countingWhile(level: number): void {
    const ivT = this.rng.pick(['index', 'i32', 'i64', 'index']);
    const dynamic = ivT === 'index' && this.rng.chance(0.5);
    const lbv = this.rng.int(4);
    const lb = dynamic && this.rng.chance(0.5) ? this.dynamicIndex(4, 0) : this.intConst(ivT, lbv);
    let ub: string;
    if (dynamic && this.rng.chance(0.5)) {
      ub = this.fresh();
      this.emit(`${ub} = arith.addi ${lb}, ${this.dynamicIndex(6, 0)} : index`);
    } else ub = this.intConst(ivT, lbv + this.rng.int(8) - 2);
    const step = dynamic && this.rng.chance(0.4) ? this.dynamicIndex(3, 1) : this.intConst(ivT, 1 + this.rng.int(3));
    // The other loop-carried values, with the counter somewhere among them.
    const types = Array.from({ length: this.rng.int(3) }, () => this.anyType());
    const ivPos = this.rng.int(types.length + 1);
    types.splice(ivPos, 0, ivT);
    const inits = types.map((t, k) => (k === ivPos ? lb : this.value(t)));
    // Condition operand j forwards before argument perm[j].
    const perm = types.map((_, k) => k);
    if (this.rng.chance(0.4))
      for (let k = perm.length - 1; k > 0; k--) {
        const j = this.rng.int(k + 1);
        [perm[k], perm[j]] = [perm[j], perm[k]];
      }
    const before = types.map(() => this.fresh());
    const after = types.map(() => this.fresh());
    const r = this.fresh();
    const resTypes = perm.map((k) => types[k]);
    const multi = types.length > 1 ? `:${types.length}` : '';
    this.emit(`${r}${multi} = scf.while (${before.map((b, k) => `${b} = ${inits[k]}`).join(', ')}) : (${types.join(', ')}) -> (${resTypes.join(', ')}) {`);
    this.depth++;
    const c = this.fresh();
    if (this.rng.chance(0.5)) this.emit(`${c} = arith.cmpi slt, ${before[ivPos]}, ${ub} : ${ivT}`);
    else this.emit(`${c} = arith.cmpi sgt, ${ub}, ${before[ivPos]} : ${ivT}`);
    this.emit(`scf.condition(${c}) ${perm.map((k) => before[k]).join(', ')} : ${resTypes.join(', ')}`);
    this.depth--;
    this.emit('} do {');
    this.emit(`^bb0(${after.map((a, j) => `${a}: ${resTypes[j]}`).join(', ')}):`);
    this.depth++;
    this.pushScope();
    let ivAfter = '';
    perm.forEach((k, j) => {
      if (k === ivPos) ivAfter = after[j];
      else this.add(types[k], after[j]);
    });
    if (ivT === 'index') this.add('index', ivAfter);
    this.body(level, this.rng.int(3));
    const next = this.fresh();
    if (this.rng.chance(0.5)) this.emit(`${next} = arith.addi ${ivAfter}, ${step} : ${ivT}`);
    else this.emit(`${next} = arith.addi ${step}, ${ivAfter} : ${ivT}`);
    const yielded = types.map((t, k) => (k === ivPos ? next : this.value(t)));
    this.emit(`scf.yield ${yielded.join(', ')} : ${types.join(', ')}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    perm.forEach((k, j) => {
      if (k === ivPos) return;
      const v = types.length > 1 ? `${r}#${j}` : r;
      this.add(types[k], v);
      this.print(v, types[k]);
    });
  }

  /** A do-while loop: the work and the test in `before`, an `after` block that only forwards. */
  private doWhile(level: number): void {
    const t = this.anyType();
    const init = this.value(t);
    const zero = this.intConst('i32', 0);
    const limit = this.intConst('i32', this.rng.int(6) - 1);
    const one = this.intConst('i32', 1);
    const [i, x, r, a, b] = [this.fresh(), this.fresh(), this.fresh(), this.fresh(), this.fresh()];
    this.emit(`${r}:2 = scf.while (${i} = ${zero}, ${x} = ${init}) : (i32, ${t}) -> (i32, ${t}) {`);
    this.depth++;
    this.pushScope();
    this.add(t, x);
    this.body(level, this.rng.int(3));
    const n = this.fresh();
    this.emit(`${n} = arith.addi ${i}, ${one} : i32`);
    const c = this.fresh();
    this.emit(`${c} = arith.cmpi slt, ${n}, ${limit} : i32`);
    this.emit(`scf.condition(${c}) ${n}, ${this.value(t)} : i32, ${t}`);
    this.popScope();
    this.depth--;
    this.emit('} do {');
    this.emit(`^bb0(${a}: i32, ${b}: ${t}):`);
    this.emit(`  scf.yield ${a}, ${b} : i32, ${t}`);
    this.emit('}');
    this.add('i32', `${r}#0`);
    this.print(`${r}#0`, 'i32');
    this.add(t, `${r}#1`);
    this.print(`${r}#1`, t);
  }

  /** A while loop with statements (and a computed forwarded value) in its `before` block. */
  private busyBeforeWhile(level: number): void {
    const t = this.anyType();
    const init = this.value(t);
    const zero = this.intConst('i32', 0);
    const limit = this.intConst('i32', this.rng.int(6) - 1);
    const one = this.intConst('i32', 1);
    const [i, x, r, a, b] = [this.fresh(), this.fresh(), this.fresh(), this.fresh(), this.fresh()];
    this.emit(`${r}:2 = scf.while (${i} = ${zero}, ${x} = ${init}) : (i32, ${t}) -> (i32, ${t}) {`);
    this.depth++;
    this.pushScope();
    this.add(t, x);
    this.body(level, 1 + this.rng.int(2));
    const c = this.fresh();
    this.emit(`${c} = arith.cmpi slt, ${i}, ${limit} : i32`);
    this.emit(`scf.condition(${c}) ${i}, ${this.value(t)} : i32, ${t}`);
    this.popScope();
    this.depth--;
    this.emit('} do {');
    this.emit(`^bb0(${a}: i32, ${b}: ${t}):`);
    this.depth++;
    this.pushScope();
    this.add(t, b);
    this.body(level, this.rng.int(3));
    const n = this.fresh();
    this.emit(`${n} = arith.addi ${a}, ${one} : i32`);
    this.emit(`scf.yield ${n}, ${this.value(t)} : i32, ${t}`);
    this.popScope();
    this.depth--;
    this.emit('}');
    this.add(t, `${r}#1`);
    this.print(`${r}#1`, t);
  }

  // ---- parallel loops of a fixed rank (parallelDims)

  private parallelShape(level: number, dims: number): void {
    const t = this.rng.pick(['i32', 'i64', 'index', 'f32', 'f64', 'i16']);
    const init = this.value(t);
    const lbs: string[] = [];
    const ubs: string[] = [];
    const steps: string[] = [];
    for (let d = 0; d < dims; d++) {
      const dynamic = this.rng.chance(0.3);
      const lbv = this.rng.int(4);
      const lb = dynamic && this.rng.chance(0.5) ? this.dynamicIndex(4, 0) : this.smallIndexConst(lbv);
      const step = dynamic && this.rng.chance(0.5) ? this.dynamicIndex(3, 1) : this.smallIndexConst(1 + this.rng.int(3));
      let ub: string;
      if (dynamic) {
        ub = this.fresh();
        this.emit(`${ub} = arith.addi ${lb}, ${this.dynamicIndex(5, 0)} : index`);
      } else ub = this.smallIndexConst(lbv + this.rng.int(6));
      lbs.push(lb);
      ubs.push(ub);
      steps.push(step);
    }
    const ivs = lbs.map(() => this.fresh());
    const r = this.fresh();
    this.emit(`${r} = scf.parallel (${ivs.join(', ')}) = (${lbs.join(', ')}) to (${ubs.join(', ')}) step (${steps.join(', ')}) init (${init}) -> ${t} {`);
    this.depth++;
    this.pushScope();
    for (const iv of ivs) this.add('index', iv);
    this.body(level, this.rng.int(2));
    // The reduced value: the induction variables combined (each iteration distinct).
    let acc = ivs[0];
    for (let d = 1; d < dims; d++) {
      const m = this.fresh();
      this.emit(`${m} = arith.muli ${acc}, ${this.smallIndexConst(31)} : index`);
      const s = this.fresh();
      this.emit(`${s} = arith.addi ${m}, ${ivs[d]} : index`);
      acc = s;
    }
    const x = this.indexAs(t, acc);
    this.reduceAndClose(t, x, r);
  }

  // ---- chains of adjacent parallel loops (parallelChains)

  private parallelChain(level: number): void {
    const t = this.rng.pick(['i32', 'i64', 'index', 'f32']);
    const rank = 1 + this.rng.int(2);
    const sizes = Array.from({ length: rank }, () => 1 + this.rng.int(4));
    // One slot of slack per dimension for the accesses at offset 1.
    const mt = `memref<${sizes.map((n) => n + 1).join('x')}x${t}>`;
    const nb = 2 + this.rng.int(2);
    const bufs = Array.from({ length: nb }, () => {
      const m = this.fresh();
      this.emit(`${m} = memref.alloc() : ${mt}`);
      this.forEachElement(sizes.map((n) => n + 1), (idx) => this.emit(`memref.store ${this.value(t)}, ${m}[${idx.join(', ')}] : ${mt}`));
      return m;
    });
    // Each buffer's store offset for the whole chain, and some read-only aliases.
    const storeOffset = bufs.map(() => this.rng.int(2));
    const aliases: { v: string; base: number; type: string }[] = [];
    if (this.rng.chance(0.4)) {
      const k = this.rng.int(nb);
      const v = this.fresh();
      this.emit(`${v} = memref.cast ${bufs[k]} : ${mt} to memref<${sizes.map(() => '?').join('x')}x${t}>`);
      aliases.push({ v, base: k, type: `memref<${sizes.map(() => '?').join('x')}x${t}>` });
    }
    const zero = this.smallIndexConst(0);
    const one = this.smallIndexConst(1);
    const lbs = sizes.map(() => zero);
    const ubs = sizes.map((n) => this.smallIndexConst(n));
    const steps = sizes.map(() => one);
    const results: { v: string; t: string }[] = [];
    const length = 2 + this.rng.int(3);
    for (let l = 0; l < length; l++) {
      // Sometimes loops of their own bounds (not fusable), or ops between the loops.
      const ownBounds = this.rng.chance(0.1);
      const between = this.rng.int(6);
      if (l > 0 && between === 0) this.intExpr('index');
      if (l > 0 && between === 1) this.emit(`memref.store ${this.value(t)}, ${bufs[this.rng.int(nb)]}[${sizes.map(() => zero).join(', ')}] : ${mt}`);
      if (l > 0 && between === 2 && results.length) this.print(results[results.length - 1].v, results[results.length - 1].t);
      const ivs = sizes.map(() => this.fresh());
      const reduce = this.rng.chance(0.3);
      const r = this.fresh();
      const bounds = ownBounds ? sizes.map((n) => this.constant('index', String(n))) : ubs;
      const head = `scf.parallel (${ivs.join(', ')}) = (${lbs.join(', ')}) to (${bounds.join(', ')}) step (${steps.join(', ')})`;
      this.emit(reduce ? `${r} = ${head} init (${this.value(t)}) -> ${t} {` : `${head} {`);
      this.depth++;
      this.pushScope();
      const shifted = ivs.map((iv) => {
        const s = this.fresh();
        this.emit(`${s} = arith.addi ${iv}, ${one} : index`);
        return s;
      });
      const at = (off: number): string[] => (off ? shifted : ivs);
      // Which buffers this loop stores to; it reads those only where it stores.
      const stores = bufs.map(() => this.rng.chance(0.4));
      const values: string[] = [];
      for (let a = 0; a < 1 + this.rng.int(3); a++) {
        const k = this.rng.int(nb + aliases.length);
        const v = this.fresh();
        if (k < nb) {
          const off = stores[k] ? storeOffset[k] : this.rng.int(2);
          this.emit(`${v} = memref.load ${bufs[k]}[${at(off).join(', ')}] : ${mt}`);
        } else {
          const al = aliases[k - nb];
          if (stores[al.base]) continue;
          this.emit(`${v} = memref.load ${al.v}[${at(this.rng.int(2)).join(', ')}] : ${al.type}`);
        }
        values.push(v);
      }
      let x = values.length ? values[0] : this.value(t);
      for (let a = 1; a < values.length; a++) x = this.combine(t, x, values[a]);
      bufs.forEach((b, k) => {
        if (!stores[k]) return;
        const y = this.combine(t, x, this.value(t));
        this.emit(`memref.store ${y}, ${b}[${at(storeOffset[k]).join(', ')}] : ${mt}`);
      });
      if (reduce) {
        const [p, q, s] = [this.fresh(), this.fresh(), this.fresh()];
        this.emit(`scf.reduce(${x} : ${t}) {`);
        this.emit(`^bb0(${p}: ${t}, ${q}: ${t}):`);
        this.emit(`  ${s} = arith.${isFloat(t) ? 'addf' : this.rng.pick(['addi', 'xori', 'maxsi'])} ${p}, ${q} : ${t}`);
        const s2 = isFloat(t) ? this.clamp(t, s) : s;
        this.emit(`  scf.reduce.return ${s2} : ${t}`);
        this.emit('}');
      }
      this.popScope();
      this.depth--;
      this.emit('}');
      if (reduce) {
        this.add(t, r);
        results.push({ v: r, t });
      }
    }
    for (const res of results) this.print(res.v, res.t);
    for (const b of bufs) {
      this.forEachElement(sizes.map((n) => n + 1), (idx) => {
        const v = this.fresh();
        this.emit(`${v} = memref.load ${b}[${idx.join(', ')}] : ${mt}`);
        this.print(v, t);
      });
      this.emit(`memref.dealloc ${b} : ${mt}`);
    }
    void level;
  }

  /** `x op y` in type t (floats clamped). */
  private combine(t: string, x: string, y: string): string {
    const r = this.fresh();
    if (isFloat(t)) {
      this.emit(`${r} = arith.addf ${x}, ${y} : ${t}`);
      return this.clamp(t, r);
    }
    this.emit(`${r} = arith.${this.rng.pick(['addi', 'xori', 'subi', 'maxsi'])} ${x}, ${y} : ${t}`);
    return r;
  }

  /** Runs `fn` on the index lists of every element of a buffer of the given sizes, inside nested scf.for loops. */
  private forEachElement(sizes: number[], fn: (idx: string[]) => void): void {
    const zero = this.smallIndexConst(0);
    const one = this.smallIndexConst(1);
    const idx: string[] = [];
    for (const n of sizes) {
      const iv = this.fresh();
      this.emit(`scf.for ${iv} = ${zero} to ${this.smallIndexConst(n)} step ${one} {`);
      this.depth++;
      idx.push(iv);
    }
    this.pushScope();
    fn(idx);
    this.popScope();
    for (let d = 0; d < sizes.length; d++) {
      this.depth--;
      this.emit('}');
    }
  }

  private memrefStmt(level: number): void {
    const t = this.rng.pick(['i8', 'i16', 'i32', 'i64', 'index', 'f16', 'f32', 'f64', 'bf16', 'i1']);
    const n = 1 + this.rng.int(6);
    const dynamic = this.rng.chance(0.4);
    const alloca = !dynamic && this.rng.chance(0.3);
    const m = this.fresh();
    const nc = this.smallIndexConst(n);
    const mt = dynamic ? `memref<?x${t}>` : `memref<${n}x${t}>`;
    if (dynamic) this.emit(`${m} = memref.alloc(${nc}) : ${mt}`);
    else this.emit(`${m} = memref.${alloca ? 'alloca' : 'alloc'}() : ${mt}`);
    // Initialize every element.
    const c0 = this.smallIndexConst(0);
    const c1 = this.smallIndexConst(1);
    const fill = this.value(t);
    const iv = this.fresh();
    this.emit(`scf.for ${iv} = ${c0} to ${nc} step ${c1} {`);
    this.emit(`  memref.store ${fill}, ${m}[${iv}] : ${mt}`);
    this.emit('}');
    // Some stores at computed indices.
    const stores = 1 + this.rng.int(3);
    for (let s = 0; s < stores; s++) {
      const idx = this.boundedIndex(nc);
      this.emit(`memref.store ${this.value(t)}, ${m}[${idx}] : ${mt}`);
    }
    if (level < 2 && !this.opts.jamNests && this.rng.chance(0.5)) {
      // A loop accumulating into the memref.
      const jv = this.fresh();
      this.emit(`scf.for ${jv} = ${c0} to ${nc} step ${c1} {`);
      this.depth++;
      this.pushScope();
      this.add('index', jv);
      const cur = this.fresh();
      this.emit(`${cur} = memref.load ${m}[${jv}] : ${mt}`);
      this.add(t, cur);
      this.body(level + 1, this.rng.int(2));
      this.emit(`memref.store ${this.value(t)}, ${m}[${jv}] : ${mt}`);
      this.popScope();
      this.depth--;
      this.emit('}');
    }
    const idx = this.boundedIndex(nc);
    const x = this.fresh();
    this.emit(`${x} = memref.load ${m}[${idx}] : ${mt}`);
    this.add(t, x);
    this.print(x, t);
    if (n >= 2 && this.rng.chance(0.4)) {
      // A strided subview and a load through it.
      const sv = this.fresh();
      const count = Math.floor((n - 1) / 2) + 1;
      const st = dynamic ? `memref<${count}x${t}, strided<[2]>>` : `memref<${count}x${t}, strided<[2]>>`;
      this.emit(`${sv} = memref.subview ${m}[0] [${count}] [2] : ${mt} to ${st}`);
      const k = this.boundedIndex(this.smallIndexConst(count));
      const y = this.fresh();
      this.emit(`${y} = memref.load ${sv}[${k}] : ${st}`);
      this.add(t, y);
      this.print(y, t);
    }
    if ((t === 'i32' || t === 'f32' || t === 'i64' || t === 'f64') && this.rng.chance(0.3)) {
      const u = this.fresh();
      this.emit(`${u} = memref.cast ${m} : ${mt} to memref<*x${t}>`);
      this.emit(`func.call @printMemref${t.toUpperCase()}(${u}) : (memref<*x${t}>) -> ()`);
    }
    if (!alloca) this.emit(`memref.dealloc ${m} : ${mt}`);
  }

  /** An index in [0, n) computed from some visible index value. */
  private boundedIndex(n: string): string {
    const v = this.value('index');
    const r = this.fresh();
    this.emit(`${r} = arith.remui ${v}, ${n} : index`);
    return r;
  }

  private callStmt(): void {
    // A helper function of a few typed parameters, returning two values.
    const name = `${this.name}_h${this.helperCount++}`;
    const pt = [this.anyType(), this.anyType()];
    const rt = [this.anyType(), this.anyType()];
    const sub = new ProgramGen(this.rng, name, { ...this.opts, statements: 3 });
    const helper = sub.helperFunction(pt, rt);
    this.helpers.push(...sub.helpers, helper);
    const args = pt.map((t) => this.value(t));
    const r = this.fresh();
    this.emit(`${r}:2 = func.call @${name}(${args.join(', ')}) : (${pt.join(', ')}) -> (${rt.join(', ')})`);
    this.add(rt[0], `${r}#0`);
    this.add(rt[1], `${r}#1`);
    this.print(`${r}#0`, rt[0]);
  }

  helperFunction(params: string[], results: string[]): string {
    const ps = params.map((t) => {
      const p = this.fresh();
      this.add(t, p);
      return `${p}: ${t}`;
    });
    for (let i = 0; i < 2; i++) this.freshConst(this.rng.pick(COMMON_INTS));
    while (this.statementsLeft-- > 0) this.statement(2);
    const rs = results.map((t) => this.value(t));
    this.emit(`return ${rs.join(', ')} : ${results.join(', ')}`);
    const vis = this.opts.privateHelpers ? 'private ' : '';
    return `func.func ${vis}@${this.name}(${ps.join(', ')}) -> (${results.join(', ')}) {\n${this.lines.join('\n')}\n}`;
  }
}

void width;

// A generator of runnable programs whose scf.for loops carry a random, valid
// software-pipelining schedule written as MLIR's test attributes
// (`__test_pipelining_loop__` on the loop, `__test_pipelining_stage__` and
// `__test_pipelining_op_order__` on every op of its body), so one program
// drives both `--test-scf-pipelining` and `scf-software-pipeline`.
//
// What makes a schedule valid here (what MLIR's pipeliner needs and its
// verifySchedule checks, plus what it does not check):
// - an op's stage is at least the stage of every body op it uses (nested
//   uses inside an scf.if count); in the same stage the producer comes first
//   in op order;
// - a use of an iteration argument whose next value op P yields sits in stage
//   >= stage(P) - 1, and after P in op order when exactly stage(P) - 1;
// - memory: a loop only reads memrefs it does not write, and stores to each
//   of its outputs once per iteration at `iv + c`, so iterations never touch
//   the same element and any overlap of iterations is legal.
// What keeps MLIR's test pass (a greedy driver that folds) from changing a
// body before it pipelines it (its op-order slots assume the body survives):
// no constants, no dead ops, no foldable operand combinations (identity
// constants, repeated operands, cast round trips, add/sub/xor of a value
// with one of its own operands).
// No UB: indices stay in bounds, no division, no float-to-int conversion,
// float iteration arguments are clamped so no infinity (and so no NaN) arises.

import { Rng } from '../exec/gen.js';

export interface PipelineGenOptions {
  /** Loops per program (default: 1 to 3). */
  loops?: number;
  /** Pipeline stages S of every loop of the program (default: 2 to 4). */
  stages?: number;
  /** Body ops per loop before the sinks that keep every value used (default: 4 to 14). */
  bodyOps?: number;
  /** Trip counts to choose from (default: 0, 1, S-1, S, S+1, 17). */
  tripCounts?: readonly number[];
  /** Bounds read from memory, unknown to the pipeliner (default: random, 40%). */
  dynamic?: boolean;
  /** Iteration arguments per loop (default: 0 to 3). */
  iterArgs?: number;
  /** scf.if ops in loop bodies (default: true). */
  ifs?: boolean;
  /** Induction variables of type i32/i64 besides index (default: true). */
  intInductionVars?: boolean;
}

export interface GeneratedLoop {
  /** Number of stages (max stage + 1). */
  stages: number;
  tripCount: number;
  lowerBound: number;
  step: number;
  /** Bounds and step loaded from memory. */
  dynamic: boolean;
  ivType: string;
  /** Ops of the body (terminator excluded), in body order. */
  bodyOps: number;
  iterArgs: number;
  /** Per body op, in body order: its stage and op order. */
  schedule: { stage: number; order: number }[];
}

export interface GeneratedPipelinedProgram {
  /** The module: private printMemref declarations and `func.func @main()`. */
  text: string;
  /** Stage count S shared by every loop of the program. */
  stages: number;
  loops: GeneratedLoop[];
}

type Ty = 'index' | 'i1' | 'i32' | 'i64' | 'f32';

interface Val {
  name: string;
  type: Ty;
  /** Defining body op (undefined: defined outside the loop or a block argument). */
  def?: BodyOp;
  /** For iteration arguments: their index. */
  iterArg?: number;
  /** Constant defined at function level. */
  constant?: boolean;
  /** Op kind and operands that made it (for the fold checks). */
  kind?: string;
  operands?: Val[];
}

interface BodyOp {
  index: number;
  /** Emits the op's text given its attribute dictionary; may span lines. */
  text: (attrs: string, indent: string) => string;
  /** Values it uses (including inside its regions). */
  uses: Val[];
  results: Val[];
  stage: number;
  order: number;
}

const MEM = 64;

/**
 * Whether `kind a, b` might fold away: add/sub/xor of a value with one of the
 * operands it was made from (a + b - b), or and/or/min/max of a value with
 * an operand of the same op that made it (and(a, and(a, b))).
 */
function foldsAway(kind: string, a: Val, b: Val): boolean {
  const additive = ['addi', 'subi', 'xori'];
  const madeFrom = (x: Val, y: Val): boolean =>
    (additive.includes(kind) ? additive.includes(x.kind ?? '') : x.kind === kind) && (x.operands ?? []).includes(y);
  return madeFrom(a, b) || madeFrom(b, a);
}

function fmtF(x: number): string {
  return x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '.0');
}

/** One program of `options.loops` annotated loops inside `func.func @main`. */
export function generatePipelinedProgram(seed: number, options: PipelineGenOptions = {}): GeneratedPipelinedProgram {
  return new ProgramGen(new Rng(seed), options).generate();
}

class ProgramGen {
  private lines: string[] = [];
  private n = 0;
  private consts = new Map<string, Val>();
  private stages: number;
  private inputs: { name: string; type: Ty }[] = [];
  private loops: GeneratedLoop[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly opts: PipelineGenOptions,
  ) {
    this.stages = opts.stages ?? 2 + rng.int(3);
  }

  private fresh(prefix = 'v'): string {
    return `%${prefix}${this.n++}`;
  }

  private emit(s: string): void {
    this.lines.push('  ' + s);
  }

  /** A function-level constant (emitted where first asked for, before any loop uses it). */
  private constant(type: Ty, value: number): Val {
    const text = type === 'f32' ? fmtF(value) : type === 'i1' ? (value ? 'true' : 'false') : String(value);
    const key = `${type}:${text}`;
    let v = this.consts.get(key);
    if (!v) {
      v = { name: this.fresh('c'), type, constant: true };
      this.emit(`${v.name} = arith.constant ${text}${type === 'i1' ? '' : ` : ${type}`}`);
      this.consts.set(key, v);
    }
    return v;
  }

  generate(): GeneratedPipelinedProgram {
    const rng = this.rng;
    const c0 = this.constant('index', 0);
    const c1 = this.constant('index', 1);
    const cMem = this.constant('index', MEM);
    // Inputs: filled with a small pseudo-random pattern.
    for (const t of ['f32', 'i32', 'i64'] as const) {
      const m = this.fresh('in');
      this.emit(`${m} = memref.alloc() : memref<${MEM}x${t}>`);
      const k = this.constant('i32', 3 + rng.int(11));
      const off = this.constant('i32', rng.int(7));
      const nine = this.constant('i32', 9);
      const four = this.constant('i32', 4);
      const half = this.constant('f32', 0.5);
      const i = this.fresh('i');
      const ii = this.fresh('x');
      const a = this.fresh('x');
      const b = this.fresh('x');
      const r = this.fresh('x');
      const s = this.fresh('x');
      this.emit(`scf.for ${i} = ${c0.name} to ${cMem.name} step ${c1.name} {`);
      this.emit(`  ${ii} = arith.index_cast ${i} : index to i32`);
      this.emit(`  ${a} = arith.muli ${ii}, ${k.name} : i32`);
      this.emit(`  ${b} = arith.addi ${a}, ${off.name} : i32`);
      this.emit(`  ${r} = arith.remsi ${b}, ${nine.name} : i32`);
      this.emit(`  ${s} = arith.subi ${r}, ${four.name} : i32`);
      if (t === 'f32') {
        const f = this.fresh('x');
        const g = this.fresh('x');
        this.emit(`  ${f} = arith.sitofp ${s} : i32 to f32`);
        this.emit(`  ${g} = arith.mulf ${f}, ${half.name} : f32`);
        this.emit(`  memref.store ${g}, ${m}[${i}] : memref<${MEM}x${t}>`);
      } else if (t === 'i64') {
        const e = this.fresh('x');
        this.emit(`  ${e} = arith.extsi ${s} : i32 to i64`);
        this.emit(`  memref.store ${e}, ${m}[${i}] : memref<${MEM}x${t}>`);
      } else {
        this.emit(`  memref.store ${s}, ${m}[${i}] : memref<${MEM}x${t}>`);
      }
      this.emit('}');
      this.inputs.push({ name: m, type: t });
    }
    const params = this.fresh('params');
    this.emit(`${params} = memref.alloc() : memref<4xindex>`);
    const loopCount = this.opts.loops ?? 1 + rng.int(3);
    for (let l = 0; l < loopCount; l++) this.loop(l, params);
    this.emit(`memref.dealloc ${params} : memref<4xindex>`);
    this.emit('return');
    const decls = [
      'func.func private @printMemrefI32(memref<*xi32>)',
      'func.func private @printMemrefF32(memref<*xf32>)',
      'func.func private @printMemrefI64(memref<*xi64>)',
    ];
    const text = `${decls.join('\n')}\nfunc.func @main() {\n${this.lines.join('\n')}\n}\n`;
    return { text, stages: this.stages, loops: this.loops };
  }

  private loop(l: number, params: string): void {
    const rng = this.rng;
    const S = this.stages;
    const trips = this.opts.tripCounts ?? [0, 1, S - 1, S, S + 1, 17];
    const tripCount = rng.pick(trips);
    const step = rng.pick([1, 1, 1, 2, 3]);
    // Keep lb + step * (trip - 1) + max offset (3) inside the memrefs.
    const maxLb = Math.max(0, MEM - 4 - step * Math.max(0, tripCount - 1) - 1);
    const lb = Math.min(rng.int(5), maxLb);
    const ub = lb + step * tripCount;
    const dynamic = this.opts.dynamic ?? rng.chance(0.4);
    const ivType: Ty = this.opts.intInductionVars === false ? 'index' : rng.pick(['index', 'index', 'index', 'i32', 'i64'] as const);
    this.emit(`vector.print str "loop ${l}\\n"`);

    // Outputs, zero-filled: one f32 (the sink every value can reach) and maybe an integer one.
    const outs: { name: string; type: Ty; offset: number }[] = [];
    const outTypes: Ty[] = ['f32'];
    if (rng.chance(0.6)) outTypes.push(rng.pick(['i32', 'i64'] as const));
    const c0 = this.constant('index', 0);
    const c1 = this.constant('index', 1);
    const cMem = this.constant('index', MEM);
    for (const t of outTypes) {
      const m = this.fresh('out');
      this.emit(`${m} = memref.alloc() : memref<${MEM}x${t}>`);
      const z = this.constant(t, 0);
      const i = this.fresh('i');
      this.emit(`scf.for ${i} = ${c0.name} to ${cMem.name} step ${c1.name} {`);
      this.emit(`  memref.store ${z.name}, ${m}[${i}] : memref<${MEM}x${t}>`);
      this.emit('}');
      outs.push({ name: m, type: t, offset: rng.int(4) });
    }

    // Bounds.
    const boundVal = (v: number, slot: number): string => {
      if (!dynamic) return this.constant(ivType, v).name;
      const cs = this.constant('index', slot);
      this.emit(`memref.store ${this.constant('index', v).name}, ${params}[${cs.name}] : memref<4xindex>`);
      const x = this.fresh('b');
      this.emit(`${x} = memref.load ${params}[${cs.name}] : memref<4xindex>`);
      if (ivType === 'index') return x;
      const y = this.fresh('b');
      this.emit(`${y} = arith.index_cast ${x} : index to ${ivType}`);
      return y;
    };
    const lbV = boundVal(lb, 0);
    const ubV = boundVal(ub, 1);
    const stepV = boundVal(step, 2);

    // Iteration arguments and their initial values.
    const nIter = this.opts.iterArgs ?? rng.int(4);
    const iterTypes: Ty[] = [];
    const inits: Val[] = [];
    for (let k = 0; k < nIter; k++) {
      const t = rng.pick(['f32', 'f32', 'i32', 'i64'] as const);
      iterTypes.push(t);
      inits.push(this.constant(t, t === 'f32' ? rng.pick([0.5, 1.25, -2.0, 3.0]) : rng.pick([1, 2, -3, 7])));
    }
    // Clamp bounds for float iteration arguments.
    const clampLo = this.constant('f32', -1000000);
    const clampHi = this.constant('f32', 1000000);
    // Small constants body ops may use (never identities).
    const intConsts = (t: Ty): Val[] => [this.constant(t, 3), this.constant(t, 5), this.constant(t, -7)];
    const i32c = intConsts('i32');
    const i64c = intConsts('i64');
    const fc = [this.constant('f32', 1.5), this.constant('f32', 0.25), this.constant('f32', -0.75)];
    const shiftC = { i32: this.constant('i32', 2), i64: this.constant('i64', 3) };
    const offC = [0, 1, 2, 3].map((k) => this.constant('index', k));
    const ivOffC = [1, 2, 3].map((k) => this.constant(ivType, k));
    const inputsHere = [...this.inputs];

    // ---- the body, as a list of ops
    const iv: Val = { name: this.fresh('iv'), type: ivType };
    const args: Val[] = iterTypes.map((t, k) => ({ name: this.fresh('arg'), type: t, iterArg: k }));
    const ops: BodyOp[] = [];
    const pool: Val[] = [...args];
    const used = new Set<Val>();
    const addOp = (uses: Val[], results: Val[], text: BodyOp['text']): BodyOp => {
      const op: BodyOp = { index: ops.length, text, uses, results, stage: 0, order: 0 };
      for (const r of results) r.def = op;
      for (const u of uses) used.add(u);
      ops.push(op);
      pool.push(...results);
      return op;
    };
    const result = (type: Ty, kind: string, operands: Val[]): Val => ({ name: this.fresh(), type, kind, operands });
    const ofType = (t: Ty): Val[] => pool.filter((v) => v.type === t);

    // Every loop reads its inputs through indices derived from iv.
    let idxVals: Val[] = [];
    const indexOf = (): Val => {
      if (idxVals.length && rng.chance(0.6)) return rng.pick(idxVals);
      let base = iv;
      if (ivType !== 'index') {
        const r = result('index', 'index_cast', [iv]);
        addOp([iv], [r], (a) => `${r.name} = arith.index_cast ${iv.name}${a} : ${ivType} to index`);
        base = r;
        idxVals.push(r);
        if (rng.chance(0.5)) return r;
      }
      const c = rng.pick(offC.slice(1));
      const r = result('index', 'addi', [base, c]);
      addOp([base], [r], (a) => `${r.name} = arith.addi ${base.name}, ${c.name}${a} : index`);
      idxVals.push(r);
      return r;
    };
    const load = (t: Ty): Val => {
      const src = rng.pick(inputsHere.filter((m) => m.type === t));
      const idx = rng.chance(0.3) && ivType === 'index' ? iv : indexOf();
      const r = result(t, 'load', []);
      addOp([idx], [r], (a) => `${r.name} = memref.load ${src.name}[${idx.name}]${a} : memref<${MEM}x${t}>`);
      return r;
    };
    // Two distinct operands of type t, not both constant, none making the op fold.
    const pickPair = (t: Ty, kind: string, consts: Val[]): [Val, Val] | undefined => {
      const vals = ofType(t);
      if (!vals.length) return undefined;
      for (let tries = 0; tries < 8; tries++) {
        const a = rng.pick(vals);
        const b = consts.length && rng.chance(0.3) ? rng.pick(consts) : rng.pick(vals);
        if (a === b || foldsAway(kind, a, b)) continue;
        return [a, b];
      }
      return undefined;
    };
    const binary = (t: Ty): Val | undefined => {
      const kinds = t === 'f32' ? ['addf', 'subf', 'mulf', 'maximumf', 'minimumf'] : ['addi', 'subi', 'muli', 'xori', 'andi', 'ori', 'maxsi', 'minsi', 'shli', 'shrsi'];
      const kind = rng.pick(kinds);
      if (kind === 'shli' || kind === 'shrsi') {
        const a = rng.pick(ofType(t).length ? ofType(t) : [undefined]);
        if (!a) return undefined;
        const c = shiftC[t as 'i32' | 'i64'];
        const r = result(t, kind, [a, c]);
        addOp([a], [r], (at) => `${r.name} = arith.${kind} ${a.name}, ${c.name}${at} : ${t}`);
        return r;
      }
      if (kind === 'mulf') {
        // One factor is a loaded value or a constant, so magnitudes stay finite.
        const a = rng.pick(ofType('f32').length ? ofType('f32') : [undefined]);
        if (!a) return undefined;
        const small = pool.filter((v) => v.type === 'f32' && v.kind === 'load' && v !== a);
        const b = small.length && rng.chance(0.7) ? rng.pick(small) : rng.pick(fc);
        const r = result(t, kind, [a, b]);
        addOp(b.constant ? [a] : [a, b], [r], (at) => `${r.name} = arith.mulf ${a.name}, ${b.name}${at} : f32`);
        return r;
      }
      const consts = t === 'f32' ? fc : t === 'i32' ? i32c : i64c;
      const pair = pickPair(t, kind, kind === 'andi' || kind === 'ori' || kind.startsWith('max') || kind.startsWith('min') ? [] : consts);
      if (!pair) return undefined;
      const [a, b] = pair;
      const r = result(t, kind, [a, b]);
      addOp([a, b].filter((v) => !v.constant), [r], (at) => `${r.name} = arith.${kind} ${a.name}, ${b.name}${at} : ${t}`);
      return r;
    };
    const cond = (): Val | undefined => {
      const t = rng.pick(['i32', 'i64', 'f32', 'index'] as const);
      const vals = ofType(t);
      if (vals.length < 2) return undefined;
      const a = rng.pick(vals);
      const b = rng.pick(vals.filter((v) => v !== a));
      const r = result('i1', 'cmp', [a, b]);
      if (t === 'f32') {
        const p = rng.pick(['olt', 'ogt', 'oge', 'une']);
        addOp([a, b], [r], (at) => `${r.name} = arith.cmpf ${p}, ${a.name}, ${b.name}${at} : f32`);
      } else {
        const p = rng.pick(['slt', 'sle', 'sgt', 'ne', 'eq', 'ult']);
        addOp([a, b], [r], (at) => `${r.name} = arith.cmpi ${p}, ${a.name}, ${b.name}${at} : ${t}`);
      }
      return r;
    };
    const select = (): Val | undefined => {
      const c = rng.pick(ofType('i1').length ? ofType('i1') : [undefined]) ?? cond();
      if (!c) return undefined;
      const t = rng.pick(['f32', 'i32', 'i64'] as const);
      const vals = ofType(t).filter((v) => !(c.operands ?? []).includes(v));
      if (vals.length < 2) return undefined;
      const a = rng.pick(vals);
      const b = rng.pick(vals.filter((v) => v !== a));
      const r = result(t, 'select', [c, a, b]);
      addOp([c, a, b], [r], (at) => `${r.name} = arith.select ${c.name}, ${a.name}, ${b.name}${at} : ${t}`);
      return r;
    };
    const cast = (): Val | undefined => {
      const choice = rng.int(4);
      if (choice === 0) {
        const src = ofType('i32').filter((v) => v.kind !== 'trunci');
        if (!src.length) return undefined;
        const a = rng.pick(src);
        const r = result('i64', 'extsi', [a]);
        addOp([a], [r], (at) => `${r.name} = arith.extsi ${a.name}${at} : i32 to i64`);
        return r;
      }
      if (choice === 1) {
        const src = ofType('i64').filter((v) => v.kind !== 'extsi');
        if (!src.length) return undefined;
        const a = rng.pick(src);
        const r = result('i32', 'trunci', [a]);
        addOp([a], [r], (at) => `${r.name} = arith.trunci ${a.name}${at} : i64 to i32`);
        return r;
      }
      if (choice === 2) {
        const t = rng.pick(['i32', 'i64'] as const);
        const src = ofType(t);
        if (!src.length) return undefined;
        const a = rng.pick(src);
        const r = result('f32', 'sitofp', [a]);
        addOp([a], [r], (at) => `${r.name} = arith.sitofp ${a.name}${at} : ${t} to f32`);
        return r;
      }
      const src = ofType('index').filter((v) => v.kind !== 'index_cast');
      if (!src.length) return undefined;
      const a = rng.pick(src);
      const t = rng.pick(['i32', 'i64'] as const);
      const r = result(t, 'index_cast', [a]);
      addOp([a], [r], (at) => `${r.name} = arith.index_cast ${a.name}${at} : index to ${t}`);
      return r;
    };
    // scf.if: a result computed in `then` (a store there, sometimes), another value in `else`.
    let storeInIf: { out: (typeof outs)[number]; value: Val } | undefined;
    const ifOp = (): Val | undefined => {
      const c = rng.pick(ofType('i1').length ? ofType('i1') : [undefined]) ?? cond();
      if (!c) return undefined;
      const t = rng.pick(['f32', 'i32', 'i64'] as const);
      const vals = ofType(t);
      if (vals.length < 2) return undefined;
      const a = rng.pick(vals);
      const kind = t === 'f32' ? rng.pick(['addf', 'subf']) : rng.pick(['addi', 'subi', 'maxsi']);
      const bs = vals.filter((v) => v !== a && !foldsAway(kind, a, v));
      if (!bs.length) return undefined;
      const b = rng.pick(bs);
      const e = rng.pick(vals);
      const r = result(t, 'if', [c, a, b, e]);
      const inner = this.fresh();
      // The int output's single store may live in the `then` branch.
      const intOut = outs.find((o) => o.type !== 'f32');
      let storeText: ((ind: string) => string) | undefined;
      const uses = [c, a, b, e];
      if (intOut && !storeInIf && rng.chance(0.4)) {
        const sv = ofType(intOut.type).filter((v) => v !== r);
        if (sv.length) {
          const value = rng.pick(sv);
          const idx = storeIndex(intOut.offset);
          storeInIf = { out: intOut, value };
          uses.push(value, idx);
          storeText = (ind) => `${ind}  memref.store ${value.name}, ${intOut.name}[${idx.name}] : memref<${MEM}x${intOut.type}>\n`;
        }
      }
      addOp(uses, [r], (at, ind) =>
        `${r.name} = scf.if ${c.name} -> (${t}) {\n` +
        `${ind}  ${inner} = arith.${kind} ${a.name}, ${b.name} : ${t}\n` +
        (storeText ? storeText(ind) : '') +
        `${ind}  scf.yield ${inner} : ${t}\n` +
        `${ind}} else {\n` +
        `${ind}  scf.yield ${e.name} : ${t}\n` +
        `${ind}}${at}`,
      );
      return r;
    };
    // The index a store to an output uses: iv + offset (an index).
    const storeIdx = new Map<number, Val>();
    const storeIndex = (offset: number): Val => {
      let v = storeIdx.get(offset);
      if (v) return v;
      let base = iv;
      if (ivType !== 'index') {
        const existing = idxVals.find((x) => x.kind === 'index_cast');
        if (existing) base = existing;
        else {
          const r = result('index', 'index_cast', [iv]);
          addOp([iv], [r], (a) => `${r.name} = arith.index_cast ${iv.name}${a} : ${ivType} to index`);
          idxVals.push(r);
          base = r;
        }
      }
      if (offset === 0) v = base;
      else {
        const c = offC[offset];
        const r = result('index', 'addi', [base, c]);
        addOp([base], [r], (a) => `${r.name} = arith.addi ${base.name}, ${c.name}${a} : index`);
        v = r;
      }
      storeIdx.set(offset, v);
      return v;
    };

    // Seed values, then random ops.
    load('f32');
    if (rng.chance(0.7)) load(rng.pick(['i32', 'i64'] as const));
    if (ivType !== 'index' && rng.chance(0.5)) {
      // Arithmetic straight on a non-index induction variable.
      const c = rng.pick(ivOffC);
      const r = result(ivType, 'addi', [iv, c]);
      addOp([iv], [r], (a) => `${r.name} = arith.addi ${iv.name}, ${c.name}${a} : ${ivType}`);
    }
    const target = this.opts.bodyOps ?? 4 + rng.int(11);
    let guard = 0;
    while (ops.length < target && guard++ < target * 10) {
      const p = rng.next();
      if (p < 0.2) load(rng.pick(['f32', 'i32', 'i64'] as const));
      else if (p < 0.65) binary(rng.pick(['f32', 'f32', 'i32', 'i64'] as const));
      else if (p < 0.75) cond();
      else if (p < 0.83) select();
      else if (p < 0.92) cast();
      else if (this.opts.ifs !== false) ifOp();
    }

    // Yields: each iteration argument's next value combines it with a body value.
    const yields: Val[] = [];
    for (const arg of args) {
      const t = arg.type;
      const others = ofType(t).filter((v) => v !== arg && v.iterArg === undefined);
      let other = others.length ? rng.pick(others) : t === 'f32' ? load('f32') : load(t);
      let next: Val;
      if (t === 'f32') {
        const kind = rng.pick(['addf', 'subf', 'mulf']);
        if (kind === 'mulf' && other.kind !== 'load') other = load('f32');
        const s = result('f32', kind, [arg, other]);
        addOp([arg, other], [s], (a) => `${s.name} = arith.${kind} ${arg.name}, ${other.name}${a} : f32`);
        const lo = result('f32', 'maximumf', [s, clampLo]);
        addOp([s], [lo], (a) => `${lo.name} = arith.maximumf ${s.name}, ${clampLo.name}${a} : f32`);
        const hi = result('f32', 'minimumf', [lo, clampHi]);
        addOp([lo], [hi], (a) => `${hi.name} = arith.minimumf ${lo.name}, ${clampHi.name}${a} : f32`);
        next = hi;
      } else {
        const kind = rng.pick(['addi', 'xori', 'muli', 'subi']);
        const o2 = foldsAway(kind, arg, other) ? load(t) : other;
        const s = result(t, kind, [arg, o2]);
        addOp([arg, o2], [s], (a) => `${s.name} = arith.${kind} ${arg.name}, ${o2.name}${a} : ${t}`);
        next = s;
      }
      yields.push(next);
    }

    // Sinks: every value not used yet flows into a store, so nothing is dead.
    // The integer output takes integers of its type unless its store is in an
    // scf.if; everything else is converted to f32 and summed into the float output.
    const intOut = outs.find((o) => o.type !== 'f32');
    const intSink = intOut && !storeInIf ? intOut.type : undefined;
    const unused = (): Val[] => pool.filter((v) => !used.has(v) && !yields.includes(v) && v.iterArg === undefined);
    for (let v of unused()) {
      if (v.type === 'i1') {
        const vals = ofType('f32').filter((x) => !(v.operands ?? []).includes(x) && x.iterArg === undefined);
        const a = vals.length ? rng.pick(vals) : load('f32');
        const bs = vals.filter((x) => x !== a);
        const b = bs.length ? rng.pick(bs) : rng.pick(fc);
        const c = v;
        const r = result('f32', 'select', [c, a, b]);
        addOp(b.constant ? [c, a] : [c, a, b], [r], (at) => `${r.name} = arith.select ${c.name}, ${a.name}, ${b.name}${at} : f32`);
        continue;
      }
      if (v.type === 'index') {
        if (v.kind === 'index_cast') {
          // Casting it back would fold away.
          const a = v;
          const c = offC[1];
          const r = result('index', 'addi', [a, c]);
          addOp([a], [r], (at) => `${r.name} = arith.addi ${a.name}, ${c.name}${at} : index`);
          v = r;
        }
        const a = v;
        const t = intSink ?? 'i64';
        const r = result(t, 'index_cast', [a]);
        addOp([a], [r], (at) => `${r.name} = arith.index_cast ${a.name}${at} : index to ${t}`);
        v = r;
      }
      if (v.type !== 'f32' && v.type !== intSink) {
        const a = v;
        const r = result('f32', 'sitofp', [a]);
        addOp([a], [r], (at) => `${r.name} = arith.sitofp ${a.name}${at} : ${a.type} to f32`);
      }
    }
    const combine = (t: Ty, kind: string): Val | undefined => {
      const vs = unused().filter((v) => v.type === t);
      if (!vs.length) return undefined;
      let acc = vs[0];
      for (const v of vs.slice(1)) {
        const a = acc;
        const r = result(t, kind, [a, v]);
        addOp([a, v], [r], (at) => `${r.name} = arith.${kind} ${a.name}, ${v.name}${at} : ${t}`);
        acc = r;
      }
      return acc;
    };
    const stores: { out: (typeof outs)[number]; value: Val }[] = [];
    if (intOut && intSink) {
      const own = ofType(intSink).filter((x) => x.iterArg === undefined);
      const v = combine(intSink, 'xori') ?? (own.length ? rng.pick(own) : load(intSink));
      stores.push({ out: intOut, value: v });
    }
    const fv = combine('f32', 'addf') ?? rng.pick(ofType('f32').filter((v) => v.iterArg === undefined));
    stores.push({ out: outs[0], value: fv });
    for (const s of stores) {
      const idx = storeIndex(s.out.offset);
      const v = s.value;
      addOp([v, idx], [], (at) => `memref.store ${v.name}, ${s.out.name}[${idx.name}]${at} : memref<${MEM}x${s.out.type}>`);
    }
    if (unused().length) throw new Error(`pipelining-gen: dead values left: ${unused().map((v) => v.name).join(', ')}`);

    // ---- the schedule
    this.schedule(ops, yields);

    // ---- emission
    const results = args.length ? `${this.fresh('r')}` : '';
    const iterText = args.length
      ? ` iter_args(${args.map((a, k) => `${a.name} = ${inits[k].name}`).join(', ')}) -> (${iterTypes.join(', ')})`
      : '';
    const typeText = ivType === 'index' ? '' : ` : ${ivType}`;
    this.emit(
      `${results ? `${results}${args.length > 1 ? `:${args.length}` : ''} = ` : ''}scf.for ${iv.name} = ${lbV} to ${ubV} step ${stepV}${iterText}${typeText} {`,
    );
    for (const op of ops) {
      const attrs = ` {__test_pipelining_stage__ = ${op.stage}, __test_pipelining_op_order__ = ${op.order}}`;
      this.emit('  ' + op.text(attrs, '    '));
    }
    if (yields.length) this.emit(`  scf.yield ${yields.map((v) => v.name).join(', ')} : ${iterTypes.join(', ')}`);
    this.emit('} {__test_pipelining_loop__}');
    // Print the results and the outputs.
    args.forEach((_, k) => {
      const r = args.length > 1 ? `${results}#${k}` : results;
      this.emit(`vector.print ${r} : ${iterTypes[k]}`);
    });
    for (const o of outs) {
      const u = this.fresh('u');
      this.emit(`${u} = memref.cast ${o.name} : memref<${MEM}x${o.type}> to memref<*x${o.type}>`);
      this.emit(`func.call @printMemref${o.type.toUpperCase()}(${u}) : (memref<*x${o.type}>) -> ()`);
    }
    // Later loops may read this loop's outputs.
    for (const o of outs) this.inputs.push({ name: o.name, type: o.type });
    this.loops.push({
      stages: S,
      tripCount,
      lowerBound: lb,
      step,
      dynamic,
      ivType,
      bodyOps: ops.length,
      iterArgs: args.length,
      schedule: ops.map((o) => ({ stage: o.stage, order: o.order })),
    });
  }

  /**
   * Random stages, repaired to a fixpoint so every use respects its producer's
   * stage (loop-carried uses: stage >= producer's - 1), the last op in stage
   * S-1 so the loop really has S stages; then a random topological op order.
   */
  private schedule(ops: BodyOp[], yields: Val[]): void {
    const rng = this.rng;
    const S = this.stages;
    const producerOfArg = (v: Val): BodyOp | undefined => (v.iterArg !== undefined ? yields[v.iterArg].def : undefined);
    // A mostly increasing random walk over stages.
    let cur = 0;
    for (const op of ops) {
      if (rng.chance(0.35)) cur = Math.min(S - 1, cur + 1);
      op.stage = rng.chance(0.15) ? rng.int(S) : cur;
    }
    ops[ops.length - 1].stage = S - 1;
    for (let changed = true; changed; ) {
      changed = false;
      for (const op of ops) {
        let lo = op.stage;
        for (const u of op.uses) {
          if (u.def) lo = Math.max(lo, u.def.stage);
          const p = producerOfArg(u);
          if (p) lo = Math.max(lo, p.stage - 1);
        }
        if (lo !== op.stage) {
          op.stage = lo;
          changed = true;
        }
      }
    }
    // Order: p before c when c uses p in the same stage, or uses p's yielded
    // value one stage earlier.
    const preds = ops.map(() => new Set<number>());
    for (const op of ops) {
      for (const u of op.uses) {
        if (u.def && u.def !== op && u.def.stage === op.stage) preds[op.index].add(u.def.index);
        const p = producerOfArg(u);
        if (p && p !== op && p.stage === op.stage + 1) preds[op.index].add(p.index);
      }
    }
    const done = new Set<number>();
    let order = 0;
    while (done.size < ops.length) {
      const ready = ops.filter((o) => !done.has(o.index) && [...preds[o.index]].every((p) => done.has(p)));
      const o = rng.pick(ready);
      o.order = order++;
      done.add(o.index);
    }
  }
}

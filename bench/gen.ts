// Generates realistic func/arith/scf/memref modules of a given size, for
// benchmarks and stress tests. Deterministic for a given seed.
//
//   node dist/bench/gen.js [--size 5M] [--form generic|custom] [--seed N] [-o FILE]
//
// The generic form ("scf.for"(...) ({...}) : (...) -> ()) needs no dialect
// syntax in the reader; the custom form is what people write. Both describe the
// same programs.
import { closeSync, openSync, writeSync } from 'node:fs';
import { argv, exit, stdout } from 'node:process';
import { fileURLToPath } from 'node:url';

export type Form = 'generic' | 'custom';

/** mulberry32: small, fast, deterministic PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ty = 'index' | 'i32' | 'f32' | 'i1' | 'memref<?xf32>' | 'memref<16xf32>';

/** Values visible at a point, by type. Nested regions get a copy. */
class Scope {
  readonly values = new Map<Ty, string[]>();
  constructor(parent?: Scope) {
    if (parent) for (const [t, vs] of parent.values) this.values.set(t, [...vs]);
  }
  add(ty: Ty, name: string): void {
    const list = this.values.get(ty) ?? [];
    list.push(name);
    this.values.set(ty, list);
  }
  has(ty: Ty): boolean {
    return (this.values.get(ty)?.length ?? 0) > 0;
  }
  pick(ty: Ty, rnd: () => number): string {
    const list = this.values.get(ty);
    if (!list || list.length === 0) throw new Error(`no ${ty} in scope`);
    // Prefer recent values, as real code does.
    const k = Math.min(list.length - 1, Math.floor(rnd() * rnd() * list.length));
    return list[list.length - 1 - k];
  }
}

const I32_BINOPS = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi'];
const F32_BINOPS = ['addf', 'subf', 'mulf', 'divf', 'maximumf'];
const CMPI = [['eq', 0], ['ne', 1], ['slt', 2], ['sle', 3], ['sgt', 4], ['sge', 5], ['ult', 6]] as const;

/** Emits one function at a time into an array of lines. */
class FunctionWriter {
  private lines: string[] = [];
  private id = 0;
  private depth = 1;

  constructor(private readonly form: Form, private readonly rnd: () => number, private readonly maxDepth: number) {}

  private fresh(prefix = 'v'): string {
    return `%${prefix}${this.id++}`;
  }
  private line(text: string): void {
    this.lines.push('  '.repeat(this.depth) + text);
  }
  private int(n: number): number {
    return Math.floor(this.rnd() * n);
  }
  private op(result: string | null, name: string, operands: string[], operandTypes: string[], resultTypes: string[], props: string, custom: string): void {
    if (this.form === 'custom') {
      this.line(result === null ? custom : `${result} = ${custom}`);
      return;
    }
    const res = result === null ? '' : `${result} = `;
    const p = props === '' ? '' : ` <{${props}}>`;
    const rt = resultTypes.length === 1 ? resultTypes[0] : `(${resultTypes.join(', ')})`;
    this.line(`${res}"${name}"(${operands.join(', ')})${p} : (${operandTypes.join(', ')}) -> ${rt}`);
  }

  constant(scope: Scope, ty: 'index' | 'i32' | 'f32', value: number): string {
    const r = this.fresh('c');
    const lit = ty === 'f32' ? value.toFixed(1) : String(value);
    const attr = ty === 'f32' ? `${lit} : f32` : `${lit} : ${ty}`;
    this.op(r, 'arith.constant', [], [], [ty], `value = ${attr}`, `arith.constant ${attr}`);
    scope.add(ty, r);
    return r;
  }

  /** One random statement; may open nested regions. */
  statement(scope: Scope): void {
    const choice = this.int(100);
    const nest = this.depth <= this.maxDepth;
    if (choice < 18) return this.binop(scope, 'i32');
    if (choice < 32) return this.binop(scope, 'f32');
    if (choice < 40) return this.cmp(scope);
    if (choice < 46 && scope.has('i1')) return this.select(scope);
    if (choice < 52) return this.casts(scope);
    if (choice < 64) return this.loadStore(scope);
    if (choice < 68) return this.localBuffer(scope);
    if (choice < 80 && nest) return this.forLoop(scope);
    if (choice < 90 && nest) return this.ifOp(scope);
    if (choice < 95 && nest) return this.whileLoop(scope);
    if (choice < 98) { this.constant(scope, 'i32', this.int(100)); return; }
    return this.binop(scope, 'i32');
  }

  private binop(scope: Scope, ty: 'i32' | 'f32'): void {
    const name = ty === 'i32' ? I32_BINOPS[this.int(I32_BINOPS.length)] : F32_BINOPS[this.int(F32_BINOPS.length)];
    const a = scope.pick(ty, this.rnd);
    const b = scope.pick(ty, this.rnd);
    const r = this.fresh();
    this.op(r, `arith.${name}`, [a, b], [ty, ty], [ty], '', `arith.${name} ${a}, ${b} : ${ty}`);
    scope.add(ty, r);
  }

  private cmp(scope: Scope): void {
    const [pred, code] = CMPI[this.int(CMPI.length)];
    const a = scope.pick('i32', this.rnd);
    const b = scope.pick('i32', this.rnd);
    const r = this.fresh();
    this.op(r, 'arith.cmpi', [a, b], ['i32', 'i32'], ['i1'], `predicate = ${code} : i64`, `arith.cmpi ${pred}, ${a}, ${b} : i32`);
    scope.add('i1', r);
  }

  private select(scope: Scope): void {
    const c = scope.pick('i1', this.rnd);
    const a = scope.pick('i32', this.rnd);
    const b = scope.pick('i32', this.rnd);
    const r = this.fresh();
    this.op(r, 'arith.select', [c, a, b], ['i1', 'i32', 'i32'], ['i32'], '', `arith.select ${c}, ${a}, ${b} : i32`);
    scope.add('i32', r);
  }

  private casts(scope: Scope): void {
    const i = scope.pick('index', this.rnd);
    const r = this.fresh();
    this.op(r, 'arith.index_cast', [i], ['index'], ['i32'], '', `arith.index_cast ${i} : index to i32`);
    scope.add('i32', r);
    const f = this.fresh();
    this.op(f, 'arith.sitofp', [r], ['i32'], ['f32'], '', `arith.sitofp ${r} : i32 to f32`);
    scope.add('f32', f);
  }

  private loadStore(scope: Scope): void {
    const m = scope.pick('memref<?xf32>', this.rnd);
    const i = scope.pick('index', this.rnd);
    const v = this.fresh();
    this.op(v, 'memref.load', [m, i], ['memref<?xf32>', 'index'], ['f32'], '', `memref.load ${m}[${i}] : memref<?xf32>`);
    scope.add('f32', v);
    const s = scope.pick('f32', this.rnd);
    this.op(null, 'memref.store', [s, m, i], ['f32', 'memref<?xf32>', 'index'], [], '', `memref.store ${s}, ${m}[${i}] : memref<?xf32>`);
  }

  private localBuffer(scope: Scope): void {
    const ty = 'memref<16xf32>';
    const m = this.fresh('buf');
    this.op(m, 'memref.alloc', [], [], [ty], 'operandSegmentSizes = array<i32: 0, 0>', `memref.alloc() : ${ty}`);
    const i = scope.pick('index', this.rnd);
    const f = scope.pick('f32', this.rnd);
    this.op(null, 'memref.store', [f, m, i], ['f32', ty, 'index'], [], '', `memref.store ${f}, ${m}[${i}] : ${ty}`);
    const v = this.fresh();
    this.op(v, 'memref.load', [m, i], [ty, 'index'], ['f32'], '', `memref.load ${m}[${i}] : ${ty}`);
    scope.add('f32', v);
    this.op(null, 'memref.dealloc', [m], [ty], [], '', `memref.dealloc ${m} : ${ty}`);
  }

  private body(scope: Scope, count: number): void {
    for (let k = 0; k < count; k++) this.statement(scope);
  }

  private yieldOp(values: string[], types: string[], op = 'scf.yield'): void {
    if (this.form === 'custom') this.line(values.length === 0 ? op : `${op} ${values.join(', ')} : ${types.join(', ')}`);
    else this.line(`"${op}"(${values.join(', ')}) : (${types.join(', ')}) -> ()`);
  }

  private forLoop(scope: Scope): void {
    const lb = scope.pick('index', this.rnd);
    const ub = scope.pick('index', this.rnd);
    const step = scope.pick('index', this.rnd);
    const carried = this.rnd() < 0.6;
    const init = carried ? scope.pick('i32', this.rnd) : null;
    const iv = this.fresh('iv');
    const acc = this.fresh('acc');
    const r = carried ? this.fresh() : null;
    if (this.form === 'custom') {
      const iter = carried ? ` iter_args(${acc} = ${init}) -> (i32)` : '';
      this.line(`${r === null ? '' : `${r} = `}scf.for ${iv} = ${lb} to ${ub} step ${step}${iter} {`);
    } else {
      this.line(`${r === null ? '' : `${r} = `}"scf.for"(${[lb, ub, step, ...(carried ? [init] : [])].join(', ')}) ({`);
      this.line(`^bb0(${iv}: index${carried ? `, ${acc}: i32` : ''}):`);
    }
    const inner = new Scope(scope);
    inner.add('index', iv);
    if (carried) inner.add('i32', acc);
    this.depth++;
    this.body(inner, 2 + this.int(5));
    if (carried) this.yieldOp([inner.pick('i32', this.rnd)], ['i32']);
    else if (this.form === 'generic') this.yieldOp([], []);
    this.depth--;
    if (this.form === 'custom') this.line('}');
    else this.line(`}) : (index, index, index${carried ? ', i32' : ''}) -> ${carried ? 'i32' : '()'}`);
    if (r !== null) scope.add('i32', r);
  }

  private ifOp(scope: Scope): void {
    if (!scope.has('i1')) this.cmp(scope);
    const c = scope.pick('i1', this.rnd);
    const withResult = this.rnd() < 0.6;
    const hasElse = withResult || this.rnd() < 0.5;
    const r = withResult ? this.fresh() : null;
    const branch = (): void => {
      const inner = new Scope(scope);
      this.depth++;
      this.body(inner, 1 + this.int(4));
      if (withResult) this.yieldOp([inner.pick('i32', this.rnd)], ['i32']);
      else if (this.form === 'generic') this.yieldOp([], []);
      this.depth--;
    };
    if (this.form === 'custom') {
      this.line(`${r === null ? '' : `${r} = `}scf.if ${c}${withResult ? ' -> (i32)' : ''} {`);
      branch();
      if (hasElse) {
        this.line('} else {');
        branch();
      }
      this.line('}');
    } else {
      this.line(`${r === null ? '' : `${r} = `}"scf.if"(${c}) ({`);
      branch();
      if (hasElse) {
        this.line('}, {');
        branch();
        this.line(`}) : (i1) -> ${withResult ? 'i32' : '()'}`);
      } else {
        this.line('}, {');
        this.line('}) : (i1) -> ()');
      }
    }
    if (r !== null) scope.add('i32', r);
  }

  private whileLoop(scope: Scope): void {
    const init = scope.pick('i32', this.rnd);
    const limit = scope.pick('i32', this.rnd);
    const a = this.fresh('a');
    const b = this.fresh('b');
    const r = this.fresh();
    const cond = this.fresh();
    if (this.form === 'custom') this.line(`${r} = scf.while (${a} = ${init}) : (i32) -> i32 {`);
    else {
      this.line(`${r} = "scf.while"(${init}) ({`);
      this.line(`^bb0(${a}: i32):`);
    }
    this.depth++;
    this.op(cond, 'arith.cmpi', [a, limit], ['i32', 'i32'], ['i1'], 'predicate = 2 : i64', `arith.cmpi slt, ${a}, ${limit} : i32`);
    if (this.form === 'custom') this.line(`scf.condition(${cond}) ${a} : i32`);
    else this.line(`"scf.condition"(${cond}, ${a}) : (i1, i32) -> ()`);
    this.depth--;
    if (this.form === 'custom') this.line('} do {');
    else this.line('}, {');
    this.line(`^bb0(${b}: i32):`);
    const inner = new Scope(scope);
    inner.add('i32', b);
    this.depth++;
    this.body(inner, 1 + this.int(4));
    const next = this.fresh();
    const step = inner.pick('i32', this.rnd);
    this.op(next, 'arith.addi', [b, step], ['i32', 'i32'], ['i32'], '', `arith.addi ${b}, ${step} : i32`);
    this.yieldOp([next], ['i32']);
    this.depth--;
    if (this.form === 'custom') this.line('}');
    else this.line('}) : (i32) -> i32');
    scope.add('i32', r);
  }

  /** A whole function; returns its text. */
  func(name: string, statements: number): string {
    this.lines = [];
    this.id = 0;
    this.depth = 0;
    const args: [string, Ty][] = [['%buf', 'memref<?xf32>'], ['%n', 'index'], ['%x', 'i32'], ['%y', 'f32']];
    const sig = `(${args.map(([, t]) => t).join(', ')}) -> (i32, f32)`;
    if (this.form === 'custom') this.line(`func.func @${name}(${args.map(([a, t]) => `${a}: ${t}`).join(', ')}) -> (i32, f32) {`);
    else {
      this.line(`"func.func"() <{function_type = ${sig}, sym_name = "${name}"}> ({`);
      this.line(`^bb0(${args.map(([a, t]) => `${a}: ${t}`).join(', ')}):`);
    }
    this.depth = 1;
    const scope = new Scope();
    for (const [a, t] of args) scope.add(t, a);
    this.constant(scope, 'index', 0);
    this.constant(scope, 'index', 1);
    this.constant(scope, 'i32', 1 + this.int(9));
    this.constant(scope, 'f32', 0.5 + this.int(4));
    this.body(scope, statements);
    const ri = scope.pick('i32', this.rnd);
    const rf = scope.pick('f32', this.rnd);
    if (this.form === 'custom') this.line(`return ${ri}, ${rf} : i32, f32`);
    else this.line(`"func.return"(${ri}, ${rf}) : (i32, f32) -> ()`);
    this.depth = 0;
    this.line(this.form === 'custom' ? '}' : '}) : () -> ()');
    return this.lines.join('\n') + '\n';
  }
}

export interface GenOptions {
  /** Approximate output size in bytes (output stops after the function that reaches it). */
  bytes: number;
  /** Stop after this many functions, whatever the size (both forms then hold the same program). */
  functions?: number;
  form?: Form;
  seed?: number;
  /** Statements per function body (before nesting). */
  statements?: number;
  /** Maximum region nesting depth. */
  maxDepth?: number;
}

/** Streams a module to `sink` piece by piece (a 100 MB module never sits in one string). */
export function generateModule(options: GenOptions, sink: (text: string) => void): number {
  const rnd = prng(options.seed ?? 1);
  const writer = new FunctionWriter(options.form ?? 'generic', rnd, options.maxDepth ?? 3);
  let written = 0;
  const emit = (text: string): void => {
    sink(text);
    written += Buffer.byteLength(text);
  };
  emit(`// Generated by bench/gen.ts (form=${options.form ?? 'generic'}, seed=${options.seed ?? 1}).\n`);
  for (let k = 0; written < options.bytes && k < (options.functions ?? Infinity); k++) {
    emit(writer.func(`f${k}`, options.statements ?? 6 + Math.floor(rnd() * 10)));
  }
  return written;
}

/** The module as one string (for small sizes). */
export function generateModuleText(options: GenOptions): string {
  const parts: string[] = [];
  generateModule(options, (t) => parts.push(t));
  return parts.join('');
}

/** Writes a module to a file, buffering writes. Returns bytes written. */
export function writeModuleFile(path: string, options: GenOptions): number {
  const fd = openSync(path, 'w');
  try {
    let pending: string[] = [];
    let pendingLength = 0;
    const n = generateModule(options, (t) => {
      pending.push(t);
      pendingLength += t.length;
      if (pendingLength > 1 << 20) {
        writeSync(fd, pending.join(''));
        pending = [];
        pendingLength = 0;
      }
    });
    writeSync(fd, pending.join(''));
    return n;
  } finally {
    closeSync(fd);
  }
}

/** Parses sizes like 5M, 20MB, 512k, 1000. */
export function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kKmMgG]?)[bB]?$/.exec(text.trim());
  if (!m) throw new Error(`bad size: ${text}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * unit);
}

function main(args: string[]): number {
  const o: GenOptions = { bytes: parseSize('5M') };
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--size') o.bytes = parseSize(value());
    else if (a === '--form') {
      const f = value();
      if (f !== 'generic' && f !== 'custom') throw new Error('--form is generic or custom');
      o.form = f;
    } else if (a === '--seed') o.seed = Number(value());
    else if (a === '-o') out = value();
    else throw new Error(`unknown argument ${a}\nusage: gen.js [--size 5M] [--form generic|custom] [--seed N] [-o FILE]`);
  }
  if (out === null) generateModule(o, (t) => stdout.write(t));
  else writeModuleFile(out, o);
  return 0;
}

if (argv[1] !== undefined && fileURLToPath(import.meta.url) === argv[1]) {
  try {
    exit(main(argv.slice(2)));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    exit(2);
  }
}

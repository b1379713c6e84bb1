// Differential testing of the math folders against the real mlir-opt 22:
// seeded constant inputs per op (specials, subnormals, huge and tiny values,
// each function's interesting ranges), batched into modules of many functions,
// canonicalized by both tools; the outputs must be identical.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runOpt } from '../../../src/tools/opt-driver.js';

export const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';
export const haveMlirOpt = (): boolean => existsSync(MLIR_OPT);

// ---- seeded random numbers (xorshift128+)

export class Rng {
  private s0: bigint;
  private s1: bigint;
  constructor(seed: number) {
    this.s0 = BigInt.asUintN(64, BigInt(seed) * 0x9e3779b97f4a7c15n + 1n);
    this.s1 = BigInt.asUintN(64, this.s0 * 0xbf58476d1ce4e5b9n + 7n);
    for (let i = 0; i < 8; i++) this.next64();
  }
  next64(): bigint {
    let x = this.s0;
    const y = this.s1;
    this.s0 = y;
    x = BigInt.asUintN(64, x ^ (x << 23n));
    this.s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return BigInt.asUintN(64, this.s1 + y);
  }
  /** Uniform in [0, 1). */
  unit(): number {
    return Number(this.next64() >> 11n) / 2 ** 53;
  }
  int(n: number): number {
    return Math.floor(this.unit() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

const f64v = new Float64Array(1);
const u64v = new BigUint64Array(f64v.buffer);
const f32v = new Float32Array(1);
const u32v = new Uint32Array(f32v.buffer);
export function bits64(x: number): bigint {
  f64v[0] = x;
  return u64v[0];
}
export function bits32(x: number): bigint {
  f32v[0] = x;
  return BigInt(u32v[0]);
}

export type Width = 'f64' | 'f32';

/** A constant operand: its bit pattern in the type. */
export function hex(w: Width, b: bigint): string {
  return '0x' + b.toString(16).toUpperCase().padStart(w === 'f64' ? 16 : 8, '0');
}

// ---- inputs

const SPECIAL64 = [
  0x0000000000000000n, 0x8000000000000000n, 0x7ff0000000000000n, 0xfff0000000000000n, 0x7ff8000000000000n, 0xfff8000000000000n,
  0x7ff4000000000001n, 0x7ff8000000000123n, 0xfff0000000000001n, 0x0000000000000001n, 0x8000000000000001n, 0x000fffffffffffffn,
  0x0010000000000000n, 0x8010000000000000n, 0x7fefffffffffffffn, 0xffefffffffffffffn, 0x3ff0000000000000n, 0xbff0000000000000n,
  0x3fe0000000000000n, 0xbfe0000000000000n, 0x4000000000000000n, 0xc000000000000000n, 0x3c90000000000000n, 0x3e40000000000000n,
];
const SPECIAL32 = [
  0x00000000n, 0x80000000n, 0x7f800000n, 0xff800000n, 0x7fc00000n, 0xffc00000n, 0x7fa00001n, 0x7fc00123n, 0xff800001n, 0x00000001n,
  0x80000001n, 0x007fffffn, 0x00800000n, 0x80800000n, 0x7f7fffffn, 0xff7fffffn, 0x3f800000n, 0xbf800000n, 0x3f000000n, 0xbf000000n,
  0x40000000n, 0xc0000000n, 0x33800000n, 0x39800000n,
];

/** A value drawn from ranges that exercise a function's code paths. */
type Dist = (r: Rng) => number;

const uniform = (lo: number, hi: number): Dist => (r) => lo + (hi - lo) * r.unit();
/** Log-uniform magnitude in [2^lo, 2^hi], random sign when `signed`. */
const logu = (lo: number, hi: number, signed = true): Dist => (r) => {
  const m = 2 ** (lo + (hi - lo) * r.unit());
  return signed && r.unit() < 0.5 ? -m : m;
};
/** Near multiples of `step` (argument-reduction boundaries), up to `k` steps. */
const near = (step: number, k: number): Dist => (r) => {
  const n = 1 + r.int(k);
  const x = n * step * (r.unit() < 0.5 ? -1 : 1);
  return x * (1 + (r.unit() - 0.5) * 2 ** -(20 + r.int(30)));
};
const mix = (...ds: Dist[]): Dist => (r) => r.pick(ds)(r);

const TRIG = mix(uniform(-4, 4), logu(-30, 10), near(Math.PI / 4, 64), logu(10, 1023), logu(-1074, -20));
const EXPISH = mix(uniform(-20, 20), uniform(-760, 720), logu(-60, 3), uniform(-160, 130), logu(-1074, -30));
const LOGISH = mix(logu(-1074, 1024, false), uniform(0.5, 2), (r) => 1 + (r.unit() - 0.5) * 2 ** -r.int(40), uniform(0, 100));
const UNIT = mix(uniform(-1, 1), logu(-60, 0), (r) => (r.unit() < 0.5 ? -1 : 1) * (1 - 2 ** -(1 + r.int(52)) * r.unit()), uniform(-1.2, 1.2));
const WIDE = mix(uniform(-10, 10), logu(-60, 60), logu(-1074, 1024));
const ERFISH = mix(uniform(-6, 6), uniform(-30, 30), logu(-60, 5), logu(-1074, 1024));
const ROUNDISH = mix((r) => (r.int(400) - 200) / 4, logu(-3, 60), uniform(-1e6, 1e6));

export interface UnaryFn {
  op: string;
  dist: Dist;
}
export interface BinaryFn {
  op: string;
  dist: (r: Rng) => [number, number];
}

export const UNARY: readonly UnaryFn[] = [
  { op: 'acos', dist: UNIT },
  { op: 'acosh', dist: mix(uniform(1, 3), logu(0, 1024, false), uniform(0, 1.5)) },
  { op: 'asin', dist: UNIT },
  { op: 'asinh', dist: WIDE },
  { op: 'atan', dist: WIDE },
  { op: 'atanh', dist: UNIT },
  { op: 'cos', dist: TRIG },
  { op: 'cosh', dist: EXPISH },
  { op: 'erf', dist: ERFISH },
  { op: 'erfc', dist: ERFISH },
  { op: 'exp', dist: EXPISH },
  { op: 'exp2', dist: mix(EXPISH, uniform(-1100, 1030), (r) => r.int(2000) - 1100 + r.int(64) / 64) },
  { op: 'expm1', dist: EXPISH },
  { op: 'log', dist: LOGISH },
  { op: 'log10', dist: LOGISH },
  { op: 'log1p', dist: mix(LOGISH, uniform(-1, 1), logu(-60, 0)) },
  { op: 'log2', dist: LOGISH },
  { op: 'round', dist: ROUNDISH },
  { op: 'sin', dist: TRIG },
  { op: 'sinh', dist: EXPISH },
  { op: 'sqrt', dist: LOGISH },
  { op: 'tan', dist: TRIG },
  { op: 'tanh', dist: mix(uniform(-25, 25), logu(-60, 5)) },
  { op: 'trunc', dist: ROUNDISH },
  { op: 'absf', dist: WIDE },
  { op: 'ceil', dist: ROUNDISH },
  { op: 'floor', dist: ROUNDISH },
  { op: 'roundeven', dist: ROUNDISH },
];

export const BINARY: readonly BinaryFn[] = [
  {
    op: 'powf',
    dist: (r) => {
      const k = r.int(5);
      if (k === 0) return [uniform(0, 4)(r), uniform(-40, 40)(r)];
      if (k === 1) return [logu(-1074, 1024, false)(r), uniform(-2, 2)(r)];
      if (k === 2) return [-(1 + r.int(10)) * (r.unit() < 0.5 ? 1 : 0.5), r.int(60) - 30];
      if (k === 3) return [1 + (r.unit() - 0.5) * 2 ** -r.int(40), logu(0, 60)(r)];
      return [WIDE(r), WIDE(r)];
    },
  },
  { op: 'atan2', dist: (r) => [WIDE(r), WIDE(r)] },
  { op: 'copysign', dist: (r) => [WIDE(r), WIDE(r)] },
];

export interface Case {
  op: string;
  width: Width;
  args: bigint[];
}

/** Random inputs (f64 and f32) for one op: specials, then draws from its distribution and random bit patterns. */
export function unaryCases(fn: UnaryFn, width: Width, n: number, r: Rng): Case[] {
  const out: Case[] = [];
  const specials = width === 'f64' ? SPECIAL64 : SPECIAL32;
  for (const s of specials) if (out.length < n) out.push({ op: fn.op, width, args: [s] });
  while (out.length < n) {
    const k = r.int(10);
    let b: bigint;
    if (k === 0) b = width === 'f64' ? r.next64() : r.next64() & 0xffffffffn;
    else b = width === 'f64' ? bits64(fn.dist(r)) : bits32(fn.dist(r));
    out.push({ op: fn.op, width, args: [b] });
  }
  return out;
}

export function binaryCases(fn: BinaryFn, width: Width, n: number, r: Rng): Case[] {
  const out: Case[] = [];
  const specials = width === 'f64' ? SPECIAL64 : SPECIAL32;
  const conv = width === 'f64' ? bits64 : bits32;
  for (let i = 0; i < Math.min(n / 4, 200); i++) out.push({ op: fn.op, width, args: [r.pick(specials), r.pick(specials)] });
  while (out.length < n) {
    const k = r.int(10);
    if (k === 0) out.push({ op: fn.op, width, args: [r.pick(specials), conv(fn.dist(r)[0])] });
    else if (k === 1) out.push({ op: fn.op, width, args: [conv(fn.dist(r)[1]), r.pick(specials)] });
    else {
      const [a, b] = fn.dist(r);
      out.push({ op: fn.op, width, args: [conv(a), conv(b)] });
    }
  }
  return out;
}

/** One function per case: the constant operands, the op, the result returned. */
export function moduleText(cases: readonly Case[]): string {
  const lines: string[] = [];
  cases.forEach((c, i) => {
    const t = c.width;
    lines.push(`func.func @f${i}() -> ${t} {`);
    c.args.forEach((a, j) => lines.push(`  %a${j} = arith.constant ${hex(t, a)} : ${t}`));
    lines.push(`  %r = math.${c.op} ${c.args.map((_, j) => `%a${j}`).join(', ')} : ${t}`);
    lines.push(`  return %r : ${t}`, `}`);
  });
  return lines.join('\n') + '\n';
}

/** Each function's body text in a canonicalized module, by function index. */
export function splitFunctions(out: string): Map<number, string> {
  const m = new Map<number, string>();
  const re = /^ {2}func\.func @f(\d+)\(\)[^\n]*\n([\s\S]*?)^ {2}\}/gm;
  for (let x = re.exec(out); x; x = re.exec(out)) m.set(Number(x[1]), x[2]);
  return m;
}

export interface Mismatch {
  c: Case;
  expected: string;
  actual: string;
}

export function runMlirOpt(text: string): string {
  const r = spawnSync(MLIR_OPT, ['--canonicalize', '-'], { input: text, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`mlir-opt failed: ${r.stderr}`);
  return r.stdout;
}

export function runScfOpt(text: string): string {
  const r = runOpt(['--canonicalize', '-'], text);
  if (r.exitCode !== 0) throw new Error(`scf-opt failed: ${r.stderr}`);
  return r.stdout;
}

/** Runs one batch through both tools; returns the cases whose functions print differently. */
export function compareBatch(cases: readonly Case[]): Mismatch[] {
  const text = moduleText(cases);
  const expected = runMlirOpt(text);
  const actual = runScfOpt(text);
  if (expected === actual) return [];
  const e = splitFunctions(expected);
  const a = splitFunctions(actual);
  const out: Mismatch[] = [];
  cases.forEach((c, i) => {
    const x = e.get(i) ?? '<missing>';
    const y = a.get(i) ?? '<missing>';
    if (x !== y) out.push({ c, expected: x.trim(), actual: y.trim() });
  });
  if (out.length === 0) out.push({ c: cases[0], expected: expected.slice(0, 400), actual: actual.slice(0, 400) });
  return out;
}

// ---- shapes, other widths, integer and classification ops

const ALL_UNARY = UNARY.map((f) => f.op);

/** Ops over splat and dense vectors/tensors, f16/bf16/f80/f128 scalars, integer and classification ops. */
export function miscModule(r: Rng, n: number): string {
  const lines: string[] = [];
  let k = 0;
  const fn = (body: string[], ty: string, ret: string): void => {
    lines.push(`func.func @g${k++}() -> ${ty} {`, ...body.map((b) => '  ' + b), `  return ${ret} : ${ty}`, '}');
  };
  const f64 = (): string => hex('f64', r.unit() < 0.2 ? r.pick(SPECIAL64) : bits64(r.pick(UNARY).dist(r)));
  const f32 = (): string => hex('f32', r.unit() < 0.2 ? r.pick(SPECIAL32) : bits32(r.pick(UNARY).dist(r)));
  for (let i = 0; i < n; i++) {
    const op = r.pick(ALL_UNARY);
    // dense and splat vectors and tensors
    const v = [f32(), f32(), f32(), f32()];
    fn([`%c = arith.constant dense<[${v.join(', ')}]> : vector<4xf32>`, `%r = math.${op} %c : vector<4xf32>`], 'vector<4xf32>', '%r');
    const t = [f64(), f64(), f64()];
    fn([`%c = arith.constant dense<[${t.join(', ')}]> : tensor<3xf64>`, `%r = math.${op} %c : tensor<3xf64>`], 'tensor<3xf64>', '%r');
    fn([`%c = arith.constant dense<${f64()}> : vector<2x2xf64>`, `%r = math.${op} %c : vector<2x2xf64>`], 'vector<2x2xf64>', '%r');
    // other float widths: only the exact ops fold
    for (const ty of ['f16', 'bf16', 'f80', 'f128']) {
      const val = (r.unit() < 0.3 ? r.pick([0, -0, 1.5, -2.5, 0.5, -0.5, Infinity, -Infinity, 65504, 1e-7]) : (r.unit() - 0.5) * 2 ** r.int(12)).toExponential(4);
      fn([`%c = arith.constant ${val.includes('Infinity') ? (val.startsWith('-') ? '0xFC00' : '0x7C00') : val} : ${ty === 'f16' ? 'f16' : ty}`, `%r = math.${op} %c : ${ty}`].map((s) => (ty !== 'f16' && s.includes('0x') ? s.replace(/0x[0-9A-F]+/, ty === 'bf16' ? (s.includes('0xFC00') ? '0xFF80' : '0x7F80') : '1.0e+00') : s)), ty, '%r');
    }
    // binary float ops on splats and dense vectors
    const bop = r.pick(['copysign', 'powf', 'atan2']);
    fn([`%a = arith.constant dense<[${f32()}, ${f32()}]> : vector<2xf32>`, `%b = arith.constant dense<[${f32()}, ${f32()}]> : vector<2xf32>`, `%r = math.${bop} %a, %b : vector<2xf32>`], 'vector<2xf32>', '%r');
    fn([`%a = arith.constant dense<${f64()}> : tensor<2xf64>`, `%b = arith.constant dense<${f64()}> : tensor<2xf64>`, `%r = math.${bop} %a, %b : tensor<2xf64>`], 'tensor<2xf64>', '%r');
    fn([`%a = arith.constant -1.5 : f16`, `%b = arith.constant 2.0 : f16`, `%r = math.copysign %b, %a : f16`], 'f16', '%r');
    // integer ops
    const w = r.pick([1, 8, 16, 32, 64]);
    const iv = (): string => String(BigInt.asIntN(w, r.unit() < 0.5 ? BigInt(r.int(9) - 4) : r.next64()));
    const iop = r.pick(['absi', 'ctlz', 'cttz', 'ctpop']);
    fn([`%c = arith.constant ${iv()} : i${w}`, `%r = math.${iop} %c : i${w}`], `i${w}`, '%r');
    fn([`%c = arith.constant dense<[${iv()}, ${iv()}, ${iv()}]> : vector<3xi${w}>`, `%r = math.${iop} %c : vector<3xi${w}>`], `vector<3xi${w}>`, '%r');
    fn([`%a = arith.constant ${iv()} : i${w}`, `%b = arith.constant ${iv()} : i${w}`, `%r = math.ipowi %a, %b : i${w}`], `i${w}`, '%r');
    fn([`%a = arith.constant dense<[${iv()}, ${iv()}]> : tensor<2xi${w}>`, `%b = arith.constant dense<${iv()}> : tensor<2xi${w}>`, `%r = math.ipowi %a, %b : tensor<2xi${w}>`], `tensor<2xi${w}>`, '%r');
    // classification: scalars and splats fold, dense vectors do not
    const cop = r.pick(['isfinite', 'isinf', 'isnan', 'isnormal']);
    fn([`%c = arith.constant ${f64()} : f64`, `%r = math.${cop} %c : f64`], 'i1', '%r');
    fn([`%c = arith.constant dense<${f32()}> : vector<2xf32>`, `%r = math.${cop} %c : vector<2xf32>`], 'vector<2xi1>', '%r');
    fn([`%c = arith.constant dense<[${f32()}, ${f32()}]> : vector<2xf32>`, `%r = math.${cop} %c : vector<2xf32>`], 'vector<2xi1>', '%r');
    fn([`%c = arith.constant 0x0001 : f16`, `%r = math.${cop} %c : f16`], 'i1', '%r');
    // ops that never fold in MLIR 22, and poison
    fn([`%c = arith.constant ${f32()} : f32`, `%i = arith.constant 3 : i32`, `%r = math.fpowi %c, %i : f32, i32`, `%s = math.cbrt %r : f32`, `%t = math.rsqrt %s : f32`, `%u = math.fma %t, %c, %c : f32`], 'f32', '%u');
    fn([`%p = ub.poison : f64`, `%r = math.${op} %p : f64`], 'f64', '%r');
  }
  return lines.join('\n') + '\n';
}

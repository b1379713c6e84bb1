// Vector values on the WebAssembly backend (one local per lane): every op
// the JavaScript backend executes on vectors (arith and math elementwise ops
// at i1/i8/i16/i32/i64/index/f16/bf16/f32/f64, dense constants, select with
// vector and scalar conditions, casts, bitcasts, the extended ops,
// vector.print with its punctuation) and vectors carried through scf (for,
// while, index_switch, parallel/reduce, execute_region), cf and calls,
// compared live with mlir-runner and the JavaScript backend; random
// elementwise programs; located errors; the fallbacks (vectors that may be
// poison, scalable vectors); vectors in and out of the API's call.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { MLIR_RUNNER, VECTOR_LOWERING, runOurs, runReference, tempDir, writeTemp } from './difftool.js';
import { loadModule } from '../../src/index.js';
import { Rng } from './gen.js';


/** Runs `file` on mlir-runner, on scf-run's choice (which must be wasm) and on the JavaScript backend: all three print the same. */
function threeWay(file: string, name: string): string {
  assert.ok(existsSync(MLIR_RUNNER), `${MLIR_RUNNER} is needed to compare against`);
  const ref = runReference(file, 'main', 'void', [], VECTOR_LOWERING);
  assert.equal(ref.code, 0, `${name}: mlir-runner failed: ${ref.stderr}`);
  const auto = runOurs([file, '--debug-backend']);
  assert.equal(auto.stderr, 'scf-run: backend: wasm\n', name);
  assert.equal(auto.code, 0, name);
  assert.equal(auto.stdout, ref.stdout, `${name}: wasm`);
  const js = runOurs([file, '--backend=js']);
  assert.equal(js.code, 0, `${name}: ${js.stderr}`);
  assert.equal(js.stdout, ref.stdout, `${name}: js`);
  return ref.stdout;
}

const OPS = `func.func private @twice(%v: vector<4xi32>) -> vector<4xi32> {
  %r = arith.addi %v, %v : vector<4xi32>
  return %r : vector<4xi32>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // i1
  %b1 = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %b2 = arith.constant dense<[true, true, false, false]> : vector<4xi1>
  %ba = arith.andi %b1, %b2 : vector<4xi1>
  %bo = arith.ori %b1, %b2 : vector<4xi1>
  %bx = arith.xori %b1, %b2 : vector<4xi1>
  %bs = arith.addi %b1, %b2 : vector<4xi1>
  vector.print %ba : vector<4xi1>
  vector.print %bo : vector<4xi1>
  vector.print %bx : vector<4xi1>
  vector.print %bs : vector<4xi1>
  // i8
  %a8 = arith.constant dense<[127, -128, 100, -7]> : vector<4xi8>
  %b8 = arith.constant dense<[1, 2, 3, -2]> : vector<4xi8>
  %s8 = arith.addi %a8, %b8 : vector<4xi8>
  %m8 = arith.muli %a8, %b8 : vector<4xi8>
  %d8 = arith.divsi %a8, %b8 : vector<4xi8>
  %r8 = arith.remsi %a8, %b8 : vector<4xi8>
  %u8 = arith.divui %a8, %b8 : vector<4xi8>
  %sh = arith.constant dense<3> : vector<4xi8>
  %h8 = arith.shrsi %a8, %sh : vector<4xi8>
  %hu8 = arith.shrui %a8, %sh : vector<4xi8>
  %hl8 = arith.shli %a8, %sh : vector<4xi8>
  %mx8 = arith.maxui %a8, %b8 : vector<4xi8>
  %mn8 = arith.minsi %a8, %b8 : vector<4xi8>
  vector.print %s8 : vector<4xi8>
  vector.print %m8 : vector<4xi8>
  vector.print %d8 : vector<4xi8>
  vector.print %r8 : vector<4xi8>
  vector.print %u8 : vector<4xi8>
  vector.print %h8 : vector<4xi8>
  vector.print %hu8 : vector<4xi8>
  vector.print %hl8 : vector<4xi8>
  vector.print %mx8 : vector<4xi8>
  vector.print %mn8 : vector<4xi8>
  %e32 = arith.extsi %a8 : vector<4xi8> to vector<4xi32>
  %z32 = arith.extui %a8 : vector<4xi8> to vector<4xi32>
  vector.print %e32 : vector<4xi32>
  vector.print %z32 : vector<4xi32>
  // i32
  %a32 = arith.constant dense<[[2147483647, -5], [1000000, 7]]> : vector<2x2xi32>
  %b32 = arith.constant dense<[[1, 3], [1000, -2]]> : vector<2x2xi32>
  %s32 = arith.addi %a32, %b32 : vector<2x2xi32>
  %m32 = arith.muli %a32, %b32 : vector<2x2xi32>
  %fd32 = arith.floordivsi %a32, %b32 : vector<2x2xi32>
  %cd32 = arith.ceildivsi %a32, %b32 : vector<2x2xi32>
  %t8 = arith.trunci %a32 : vector<2x2xi32> to vector<2x2xi8>
  vector.print %s32 : vector<2x2xi32>
  vector.print %m32 : vector<2x2xi32>
  vector.print %fd32 : vector<2x2xi32>
  vector.print %cd32 : vector<2x2xi32>
  vector.print %t8 : vector<2x2xi8>
  %cmp = arith.cmpi slt, %a32, %b32 : vector<2x2xi32>
  %cmpu = arith.cmpi ult, %a32, %b32 : vector<2x2xi32>
  vector.print %cmp : vector<2x2xi1>
  vector.print %cmpu : vector<2x2xi1>
  %sel = arith.select %cmp, %a32, %b32 : vector<2x2xi1>, vector<2x2xi32>
  vector.print %sel : vector<2x2xi32>
  %true = arith.constant true
  %sel2 = arith.select %true, %b32, %a32 : vector<2x2xi32>
  vector.print %sel2 : vector<2x2xi32>
  %pop = math.ctpop %a32 : vector<2x2xi32>
  %abs = math.absi %a32 : vector<2x2xi32>
  vector.print %pop : vector<2x2xi32>
  vector.print %abs : vector<2x2xi32>
  %ix = arith.index_cast %a32 : vector<2x2xi32> to vector<2x2xindex>
  vector.print %ix : vector<2x2xindex>
  // i64
  %a64 = arith.constant dense<[9223372036854775807, -9223372036854775808, 6364136223846793005]> : vector<3xi64>
  %b64 = arith.constant dense<[2, 3, 1442695040888963407]> : vector<3xi64>
  %m64 = arith.muli %a64, %b64 : vector<3xi64>
  %x64 = arith.xori %a64, %b64 : vector<3xi64>
  %sh64 = arith.constant dense<33> : vector<3xi64>
  %u64 = arith.shrui %a64, %sh64 : vector<3xi64>
  %sum, %ovf = arith.addui_extended %a64, %b64 : vector<3xi64>, vector<3xi1>
  %lo, %hi = arith.mulsi_extended %a64, %b64 : vector<3xi64>
  vector.print %m64 : vector<3xi64>
  vector.print %x64 : vector<3xi64>
  vector.print %u64 : vector<3xi64>
  vector.print %sum : vector<3xi64>
  vector.print %ovf : vector<3xi1>
  vector.print %lo : vector<3xi64>
  vector.print %hi : vector<3xi64>
  %f64v = arith.sitofp %a64 : vector<3xi64> to vector<3xf64>
  %uf64v = arith.uitofp %a64 : vector<3xi64> to vector<3xf32>
  vector.print %f64v : vector<3xf64>
  vector.print %uf64v : vector<3xf32>
  // f16 / bf16
  %h = arith.constant dense<[1.5, 65504.0, -0.0009765625, 3.140625]> : vector<4xf16>
  %h2 = arith.addf %h, %h : vector<4xf16>
  %h3 = arith.mulf %h, %h : vector<4xf16>
  %h4 = arith.divf %h, %h3 : vector<4xf16>
  vector.print %h2 : vector<4xf16>
  vector.print %h3 : vector<4xf16>
  vector.print %h4 : vector<4xf16>
  %hx = arith.extf %h : vector<4xf16> to vector<4xf32>
  vector.print %hx : vector<4xf32>
  %bf = arith.constant dense<[1.0, 3.0e38, -2.5, 0.1]> : vector<4xbf16>
  %bf2 = arith.mulf %bf, %bf : vector<4xbf16>
  %bf3 = arith.subf %bf, %bf2 : vector<4xbf16>
  vector.print %bf2 : vector<4xbf16>
  vector.print %bf3 : vector<4xbf16>
  %f = arith.constant dense<[0.1, -2.5, 1.0e30, 7.0]> : vector<4xf32>
  %tf = arith.truncf %f : vector<4xf32> to vector<4xbf16>
  %th = arith.truncf %f : vector<4xf32> to vector<4xf16>
  vector.print %tf : vector<4xbf16>
  vector.print %th : vector<4xf16>
  // f32 / f64
  %g = arith.constant dense<[4.0, 2.0, -9.5, 0.25]> : vector<4xf32>
  %sq = math.sqrt %g : vector<4xf32>
  %ab = math.absf %g : vector<4xf32>
  %fl = math.floor %g : vector<4xf32>
  %ex = math.exp %g : vector<4xf32>
  %fm = math.fma %f, %g, %g : vector<4xf32>
  %ng = arith.negf %g : vector<4xf32>
  %mxf = arith.maximumf %f, %g : vector<4xf32>
  %df = arith.divf %f, %g : vector<4xf32>
  %cf = arith.cmpf olt, %f, %g : vector<4xf32>
  %bc = arith.bitcast %g : vector<4xf32> to vector<4xi32>
  %bcb = arith.bitcast %bc : vector<4xi32> to vector<4xf32>
  vector.print %sq : vector<4xf32>
  vector.print %ab : vector<4xf32>
  vector.print %fl : vector<4xf32>
  vector.print %ex : vector<4xf32>
  vector.print %fm : vector<4xf32>
  vector.print %ng : vector<4xf32>
  vector.print %mxf : vector<4xf32>
  vector.print %df : vector<4xf32>
  vector.print %cf : vector<4xi1>
  vector.print %bc : vector<4xi32>
  vector.print %bcb : vector<4xf32>
  %d = arith.constant dense<[[1.0e300, -0.5], [3.0, 5.0]]> : vector<2x2xf64>
  %dd = arith.mulf %d, %d : vector<2x2xf64>
  %dr = arith.remf %d, %dd : vector<2x2xf64>
  %de = arith.extf %g : vector<4xf32> to vector<4xf64>
  %di = arith.bitcast %d : vector<2x2xf64> to vector<2x2xi64>
  vector.print %dd : vector<2x2xf64>
  vector.print %dr : vector<2x2xf64>
  vector.print %de : vector<4xf64>
  vector.print %di : vector<2x2xi64>
  // control flow
  %acc = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %e32) -> (vector<4xi32>) {
    %n = func.call @twice(%v) : (vector<4xi32>) -> vector<4xi32>
    scf.yield %n : vector<4xi32>
  }
  vector.print %acc : vector<4xi32>
  %ifr = scf.if %true -> (vector<4xf32>) {
    scf.yield %g : vector<4xf32>
  } else {
    scf.yield %f : vector<4xf32>
  }
  vector.print %ifr : vector<4xf32> punctuation <comma>
  vector.print %ifr : vector<4xf32>
  %w:2 = scf.while (%x = %b8, %k = %c0) : (vector<4xi8>, index) -> (vector<4xi8>, index) {
    %go = arith.cmpi ult, %k, %c3 : index
    scf.condition(%go) %x, %k : vector<4xi8>, index
  } do {
  ^bb0(%x: vector<4xi8>, %k: index):
    %x2 = arith.muli %x, %a8 : vector<4xi8>
    %k2 = arith.addi %k, %c1 : index
    scf.yield %x2, %k2 : vector<4xi8>, index
  }
  vector.print %w#0 : vector<4xi8>
  %sw = scf.index_switch %c1 -> vector<2xbf16>
  case 1 {
    %q = arith.constant dense<[0.5, -7.0]> : vector<2xbf16>
    scf.yield %q : vector<2xbf16>
  }
  default {
    %q = arith.constant dense<0.0> : vector<2xbf16>
    scf.yield %q : vector<2xbf16>
  }
  vector.print %sw : vector<2xbf16>
  %z0 = arith.constant dense<-9223372036854775807> : vector<i64>
  %z1 = arith.subi %z0, %z0 : vector<i64>
  %z2 = arith.addi %z0, %z0 : vector<i64>
  vector.print %z1 : vector<i64>
  vector.print %z2 : vector<i64>
  %one = arith.constant dense<-3> : vector<1xi16>
  %onem = arith.muli %one, %one : vector<1xi16>
  %onex = arith.extsi %onem : vector<1xi16> to vector<1xi64>
  vector.print %onem : vector<1xi16>
  vector.print %onex : vector<1xi64>
  %c5 = arith.constant 5 : index
  %pinit = arith.constant dense<[0.0, 1.0]> : vector<2xf32>
  %pone = arith.constant dense<[1.5, -1.0]> : vector<2xf32>
  %pr = scf.parallel (%i) = (%c0) to (%c5) step (%c1) init (%pinit) -> vector<2xf32> {
    scf.reduce(%pone : vector<2xf32>) {
    ^bb0(%pa: vector<2xf32>, %pb: vector<2xf32>):
      %ps = arith.addf %pa, %pb : vector<2xf32>
      scf.reduce.return %ps : vector<2xf32>
    }
  }
  vector.print %pr : vector<2xf32>
  %er = scf.execute_region -> vector<2xi8> {
    %q = arith.constant dense<[5, -5]> : vector<2xi8>
    scf.yield %q : vector<2xi8>
  }
  vector.print %er : vector<2xi8>
  // A loop the backend unrolls (an i64 LCG) carrying a vector beside it.
  %n1000 = arith.constant 1000 : index
  %lcga = arith.constant 6364136223846793005 : i64
  %lcgc = arith.constant 1442695040888963407 : i64
  %x0 = arith.constant 1 : i64
  %lv0 = arith.constant dense<[1, -1]> : vector<2xi64>
  %lr:2 = scf.for %i = %c0 to %n1000 step %c1 iter_args(%x = %x0, %lv = %lv0) -> (i64, vector<2xi64>) {
    %y = arith.muli %x, %lcga : i64
    %z = arith.addi %y, %lcgc : i64
    %lk = arith.constant dense<[3, 5]> : vector<2xi64>
    %lv2 = arith.muli %lv, %lk : vector<2xi64>
    %lv3 = arith.addi %lv2, %lk : vector<2xi64>
    scf.yield %z, %lv3 : i64, vector<2xi64>
  }
  vector.print %lr#0 : i64
  vector.print %lr#1 : vector<2xi64>
  cf.br ^bb1(%h : vector<4xf16>)
^bb1(%arg: vector<4xf16>):
  vector.print punctuation <open>
  vector.print %arg : vector<4xf16> punctuation <comma>
  vector.print %arg : vector<4xf16> punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  vector.print str "done\\n"
  return
}
`;

test('wasm vectors: every vector op of the func-level engine, through scf/cf/calls, as mlir-runner and the JavaScript backend print them', () => {
  const out = threeWay(writeTemp(tempDir(), 'ops.mlir', OPS), 'ops.mlir');
  // The program ran to its end (nested, 0-d and punctuated prints included).
  assert.match(out, /^\( \( 2147483647, 18446744073709551611 \), \( 1000000, 7 \) \)$/m);
  assert.match(out, /^\( 2 \)$/m);
  assert.ok(out.endsWith('done\n'));
});

type Elem = { name: string; int: boolean; w: number };
const ELEMS: Elem[] = [
  { name: 'i1', int: true, w: 1 },
  { name: 'i8', int: true, w: 8 },
  { name: 'i16', int: true, w: 16 },
  { name: 'i32', int: true, w: 32 },
  { name: 'i64', int: true, w: 64 },
  { name: 'index', int: true, w: 64 },
  { name: 'f16', int: false, w: 16 },
  { name: 'bf16', int: false, w: 16 },
  { name: 'f32', int: false, w: 32 },
  { name: 'f64', int: false, w: 64 },
];
const SHAPES: number[][] = [[4], [2, 3], [], [1], [2, 1, 2]];

/** A dense literal of `shape` (nested lists; a 0-d vector's one element bare). */
function dense(shape: readonly number[], elems: string[]): string {
  if (!shape.length) return elems[0];
  let i = 0;
  const rec = (d: number): string => {
    const parts: string[] = [];
    for (let k = 0; k < shape[d]; k++) parts.push(d + 1 === shape.length ? elems[i++] : rec(d + 1));
    return `[${parts.join(', ')}]`;
  };
  return rec(0);
}

/**
 * A program of elementwise ops on vectors of every element type and several
 * shapes: two dense constants per type (random values, divisors nonzero and
 * not -1, no NaN), every binary op, comparison, select, shifts by splat
 * constants below the width, casts to other widths and types, each result
 * printed.
 */
function randomVectorProgram(seed: number): string {
  const rng = new Rng(seed);
  const lines = ['func.func @main() {'];
  let n = 0;
  const v = (): string => `%v${n++}`;
  const emit = (rhs: string, type: string, print = true): string => {
    const r = v();
    lines.push(`  ${r} = ${rhs}`);
    if (print) lines.push(`  vector.print ${r} : ${type}`);
    return r;
  };
  for (const e of ELEMS) {
    const shape = rng.pick(SHAPES);
    const count = shape.reduce((p, d) => p * d, 1);
    const vt = (el: string): string => `vector<${shape.length ? shape.join('x') + 'x' : ''}${el}>`;
    const t = vt(e.name);
    const intVal = (w: number, nonzero: boolean): bigint => {
      for (;;) {
        const big = BigInt(rng.int(2 ** 30)) * BigInt(rng.int(2 ** 30)) + BigInt(rng.int(2 ** 20));
        const x = w === 1 ? BigInt(rng.int(2)) : BigInt.asIntN(w, rng.chance(0.3) ? BigInt(rng.int(200) - 100) : rng.chance(0.2) ? -(1n << BigInt(w - 1)) : big);
        if (!nonzero || (x !== 0n && x !== -1n)) return x;
      }
    };
    const lit = (x: bigint): string => (e.w === 1 ? (x ? 'true' : 'false') : String(x));
    const floatVal = (nonzero: boolean): number => {
      for (;;) {
        const x = (rng.int(2001) - 1000) / 8;
        if (!nonzero || x !== 0) return x;
      }
    };
    const fl = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));
    const splat = rng.chance(0.2);
    const elems = (gen: () => string): string[] => {
      const one = gen();
      return Array.from({ length: count }, () => (splat ? one : gen()));
    };
    const a = emit(`arith.constant dense<${dense(shape, elems(() => (e.int ? lit(intVal(e.w, false)) : fl(floatVal(false)))))}> : ${t}`, t);
    // Divisors: nonzero and not -1 (no division overflow); i1 has no such value.
    const b = emit(`arith.constant dense<${dense(shape, elems(() => (e.int ? lit(intVal(e.w, e.w > 1)) : fl(floatVal(true)))))}> : ${t}`, t);
    if (e.int) {
      const ops = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui'];
      if (e.w > 1) ops.push('divsi', 'divui', 'remsi', 'remui', 'floordivsi', 'ceildivsi', 'ceildivui');
      for (const op of ops) emit(`arith.${op} ${a}, ${b} : ${t}`, t);
      const pred = rng.pick(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']);
      const c = emit(`arith.cmpi ${pred}, ${a}, ${b} : ${t}`, vt('i1'));
      emit(`arith.select ${c}, ${a}, ${b} : ${vt('i1')}, ${t}`, t);
      const amount = emit(`arith.constant dense<${e.w === 1 ? 'false' : rng.int(e.w)}> : ${t}`, t, false);
      for (const s of ['shli', 'shrsi', 'shrui']) emit(`arith.${s} ${a}, ${amount} : ${t}`, t);
      if (e.name !== 'index') {
        const [s1, o1] = [v(), v()];
        lines.push(`  ${s1}, ${o1} = arith.addui_extended ${a}, ${b} : ${t}, ${vt('i1')}`, `  vector.print ${s1} : ${t}`, `  vector.print ${o1} : ${vt('i1')}`);
        for (const m of ['mulsi_extended', 'mului_extended']) {
          const [l1, h1] = [v(), v()];
          lines.push(`  ${l1}, ${h1} = arith.${m} ${a}, ${b} : ${t}`, `  vector.print ${l1} : ${t}`, `  vector.print ${h1} : ${t}`);
        }
        emit(`math.ctpop ${a} : ${t}`, t);
        emit(`math.absi ${a} : ${t}`, t);
        // Casts to wider and narrower integers, to floats and to index.
        const wider = [8, 16, 32, 64].filter((w) => w > e.w);
        const narrower = [1, 8, 16, 32].filter((w) => w < e.w);
        if (wider.length) {
          const w = rng.pick(wider);
          emit(`arith.extsi ${a} : ${t} to ${vt(`i${w}`)}`, vt(`i${w}`));
          emit(`arith.extui ${a} : ${t} to ${vt(`i${w}`)}`, vt(`i${w}`));
        }
        if (narrower.length) {
          const w = rng.pick(narrower);
          emit(`arith.trunci ${a} : ${t} to ${vt(`i${w}`)}`, vt(`i${w}`));
        }
        const ft = rng.pick(['f16', 'bf16', 'f32', 'f64']);
        emit(`arith.sitofp ${a} : ${t} to ${vt(ft)}`, vt(ft));
        emit(`arith.uitofp ${a} : ${t} to ${vt(ft)}`, vt(ft));
        emit(`arith.index_cast ${a} : ${t} to ${vt('index')}`, vt('index'));
        if (e.w === 16 || e.w === 32 || e.w === 64) {
          const same = e.w === 16 ? rng.pick(['f16', 'bf16']) : `f${e.w}`;
          emit(`arith.bitcast ${a} : ${t} to ${vt(same)}`, vt(same));
        }
      } else emit(`arith.index_cast ${a} : ${t} to ${vt('i32')}`, vt('i32'));
    } else {
      for (const op of ['addf', 'subf', 'mulf', 'divf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf']) emit(`arith.${op} ${a}, ${b} : ${t}`, t);
      emit(`arith.negf ${a} : ${t}`, t);
      const pred = rng.pick(['oeq', 'one', 'olt', 'ole', 'ogt', 'oge', 'ueq', 'une', 'ult', 'ord', 'uno']);
      const c = emit(`arith.cmpf ${pred}, ${a}, ${b} : ${t}`, vt('i1'));
      emit(`arith.select ${c}, ${b}, ${a} : ${vt('i1')}, ${t}`, t);
      const abs = emit(`math.absf ${a} : ${t}`, t);
      for (const m of ['sqrt', 'floor', 'ceil', 'trunc']) emit(`math.${m} ${abs} : ${t}`, t);
      const order = ['f16', 'bf16', 'f32', 'f64'];
      const other = rng.pick(order.filter((x) => x !== e.name && !(e.name === 'f16' && x === 'bf16') && !(e.name === 'bf16' && x === 'f16')));
      const bigger = (x: string, y: string): boolean => order.indexOf(x) > order.indexOf(y) || (x !== 'f16' && x !== 'bf16' && y === 'f16') || (x !== 'bf16' && x !== 'f16' && y === 'bf16');
      emit(`arith.${bigger(other, e.name) ? 'extf' : 'truncf'} ${a} : ${t} to ${vt(other)}`, vt(other));
      const bits = `i${e.w}`;
      emit(`arith.bitcast ${a} : ${t} to ${vt(bits)}`, vt(bits));
    }
  }
  lines.push('  return', '}');
  return lines.join('\n') + '\n';
}

test('wasm vectors: random elementwise programs on vectors of every element type print as mlir-runner and the JavaScript backend', () => {
  const dir = tempDir();
  for (let seed = 1; seed <= 4; seed++) threeWay(writeTemp(dir, `random-${seed}.mlir`, randomVectorProgram(seed)), `random vector program ${seed}`);
});

test('wasm vectors: a division by zero in one lane is the located error of the JavaScript backend, after the output before it', () => {
  const dir = tempDir();
  const file = writeTemp(
    dir,
    'div0.mlir',
    `func.func @main() {
  %a = arith.constant dense<[7, 8, 9, 10]> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 0, 3]> : vector<4xi32>
  vector.print %a : vector<4xi32>
  %d = arith.divsi %a, %b : vector<4xi32>
  vector.print %d : vector<4xi32>
  return
}
`,
  );
  const wasm = runOurs([file, '--backend=wasm']);
  const js = runOurs([file, '--backend=js']);
  assert.equal(wasm.code, 1);
  assert.equal(wasm.stdout, '( 7, 8, 9, 10 )\n');
  assert.match(wasm.stderr, /div0.mlir:5:8: error: 'arith.divsi' op division by zero\n/);
  assert.deepEqual(wasm, js);
});

test('wasm vectors: vectors that may be poison, scalable vectors and functions beyond the engines\' limits of locals and parameters fall back to the JavaScript backend, saying why', () => {
  const dir = tempDir();
  const cases: [string, string, RegExp][] = [
    [
      'fptosi.mlir',
      `func.func @main() {
  %f = arith.constant dense<[1.5, -2.5e10]> : vector<2xf32>
  %i = arith.fptosi %f : vector<2xf32> to vector<2xi32>
  vector.print %f : vector<2xf32>
  vector.print %i : vector<2xi32>
  return
}
`,
      /^scf-run: backend: js \(the WebAssembly backend does not support vector values that may be poison at .*fptosi.mlir:3:8\)\n/,
    ],
    [
      'shift.mlir',
      `func.func @main() {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %amt = arith.constant dense<[3, 4]> : vector<2xi32>
  %r = arith.shli %a, %amt : vector<2xi32>
  vector.print %r : vector<2xi32>
  %amt2 = arith.constant dense<[3, 40]> : vector<2xi32>
  %r2 = arith.shli %a, %amt2 : vector<2xi32>
  vector.print %r2 : vector<2xi32>
  return
}
`,
      // Shifting by amounts below the width is not poison (the first shift alone runs on wasm); by 40 it is.
      /^scf-run: backend: js \(the WebAssembly backend does not support vector values that may be poison at .*shift.mlir:7:9\)\n/,
    ],
    [
      'poison.mlir',
      `func.func @main() {
  %p = ub.poison : vector<2xi32>
  %a = arith.constant dense<[7, 8]> : vector<2xi32>
  vector.print %a : vector<2xi32>
  vector.print %p : vector<2xi32>
  return
}
`,
      /^scf-run: backend: js \(the WebAssembly backend does not support .*vectors? .*at .*poison.mlir:2:8\)\n/,
    ],
    [
      'scalable.mlir',
      `func.func @main() {
  %f = arith.constant dense<1> : vector<[4]xi32>
  %g = arith.addi %f, %f : vector<[4]xi32>
  vector.print str "ok\\n"
  return
}
`,
      /^scf-run: backend: js \(the WebAssembly backend does not support scalable vectors at .*scalable.mlir:2:8\)\n/,
    ],
    [
      'params.mlir',
      `func.func private @f(%v: vector<2000xi8>) -> vector<2000xi8> {
  return %v : vector<2000xi8>
}
func.func @main() {
  %v = arith.constant dense<3> : vector<2000xi8>
  %r = func.call @f(%v) : (vector<2000xi8>) -> vector<2000xi8>
  vector.print str "ok\\n"
  return
}
`,
      /^scf-run: backend: js \(the WebAssembly backend does not support functions of more than 1000 wasm parameters or results \(vector lanes count one each\) at .*params.mlir:1:1\)\n/,
    ],
    [
      'locals.mlir',
      // 13 values of 4096 lanes: more locals than engines accept in one function.
      ['func.func @main() {', '  %v0 = arith.constant dense<3> : vector<4096xi64>']
        .concat(Array.from({ length: 12 }, (_, i) => `  %v${i + 1} = arith.muli %v${i}, %v${i} : vector<4096xi64>`))
        .concat(['  vector.print %v12 : vector<4096xi64>', '  return', '}', ''])
        .join('\n'),
      /^scf-run: backend: js \(the WebAssembly backend does not support functions of more than 50000 locals \(vector lanes count one each\) at .*locals.mlir:1:1\)\n/,
    ],
  ];
  for (const [name, text, why] of cases) {
    const file = writeTemp(dir, name, text);
    const auto = runOurs([file, '--debug-backend']);
    const js = runOurs([file, '--backend=js']);
    assert.match(auto.stderr, why, name);
    assert.equal(auto.code, js.code, name);
    assert.equal(auto.stdout, js.stdout, name);
    assert.equal(auto.stderr.replace(/^scf-run: backend: .*\n/, ''), js.stderr, name);
  }
});

test('wasm vectors: vector arguments and results of the API\'s call (arrays of the elements) on both backends', () => {
  const text = `
func.func @f(%v: vector<4xi32>, %w: vector<2x1xf64>, %x: vector<3xi64>, %s: i8) -> (vector<4xi32>, vector<2x1xf64>, vector<3xi64>, i8) {
  %r = arith.muli %v, %v : vector<4xi32>
  %q = arith.addf %w, %w : vector<2x1xf64>
  %y = arith.muli %x, %x : vector<3xi64>
  %t = arith.addi %s, %s : i8
  return %r, %q, %y, %t : vector<4xi32>, vector<2x1xf64>, vector<3xi64>, i8
}
func.func @h(%v: vector<3xf16>, %b: bf16) -> (vector<3xf16>, bf16) {
  %r = arith.mulf %v, %v : vector<3xf16>
  %s = arith.addf %b, %b : bf16
  return %r, %s : vector<3xf16>, bf16
}
func.func @g(%v: vector<i1>) -> vector<i1> {
  %t = arith.constant dense<true> : vector<i1>
  %r = arith.xori %v, %t : vector<i1>
  return %r : vector<i1>
}`;
  const wasm = loadModule(text, { backend: 'wasm' });
  assert.equal(wasm.backend, 'wasm');
  const js = loadModule(text, { backend: 'js' });
  const args = (): unknown[] => [[1, -2, 3, 70000], new Float64Array([1.5, -2]), [3n, 4294967296n, -5], 100];
  const expected = [[1, 4, 9, 605032704], [3, -4], [9, 0, 25], -56];
  assert.deepEqual(wasm.call('f', ...args()), expected);
  assert.deepEqual(js.call('f', ...args()), expected);
  // f16/bf16 arguments are rounded to their type first (0.1 -> 0.0999755859375), as the JavaScript backend does.
  const h = [[0.0099945068359375, Infinity, 0.0000010132789611816406], 2.015625];
  assert.deepEqual(wasm.call('h', [0.1, 300, -1e-3], 1.01), h);
  assert.deepEqual(js.call('h', [0.1, 300, -1e-3], 1.01), h);
  assert.deepEqual(wasm.call('g', [1]), [0]);
  assert.deepEqual(js.call('g', [0]), [1]);
  assert.throws(() => wasm.call('f', [1, 2], [0, 0], [0, 0, 0], 0), /expected an array of 4 elements for vector<4xi32>/);
  assert.throws(() => js.call('f', [1, 2], [0, 0], [0, 0, 0], 0), /expected an array of 4 elements for vector<4xi32>/);
});

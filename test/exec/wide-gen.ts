// A generator of programs over integers wider than 64 bits (i65, i96, i128,
// i256 by default) for wasm-wide.test.ts: every arith op, casts across the
// 64-bit boundary, comparisons, select, the extended ops, the integer math
// ops, memrefs, globals, loops and calls passing and returning wide values;
// free of undefined behaviour. Wide values print in 64-bit chunks.

import { Rng } from './gen.js';

export const WIDE = [65, 96, 128, 256];
const NARROW = [8, 32, 64];
const BINARY = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui', 'divsi', 'divui', 'remsi', 'remui', 'floordivsi', 'ceildivsi', 'ceildivui'];
const PREDS = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];

/** Values of width w worth testing: extremes, limb boundaries, random. */
function samples(rng: Rng, w: number): bigint[] {
  const W = BigInt(w);
  const out = new Set<bigint>([0n, 1n, -1n, -(1n << (W - 1n)), (1n << (W - 1n)) - 1n, 1n << 63n, (1n << 64n) - 1n, -(1n << 64n)]);
  while (out.size < 12) {
    let x = 0n;
    for (let i = 0; i < Math.ceil(w / 32); i++) x = (x << 32n) | BigInt(rng.int(2 ** 32));
    // Some small magnitudes too (divisions with small quotients).
    out.add(rng.chance(0.3) ? BigInt(rng.int(1000) - 500) : x);
  }
  return [...out].map((v) => BigInt.asIntN(w, v));
}

/** A function printing an i<w> value in 64-bit chunks, lowest first. */
function showFn(w: number): string {
  const n = Math.ceil(w / 64);
  const lines = [`func.func @show${w}(%x: i${w}) {`];
  for (let k = 0; k < n; k++) {
    const src = k === 0 ? '%x' : `%s${k}`;
    if (k) lines.push(`  %a${k} = arith.constant ${64 * k} : i${w}`, `  %s${k} = arith.shrsi %x, %a${k} : i${w}`);
    lines.push(`  %t${k} = arith.trunci ${src} : i${w} to i64`, `  vector.print %t${k} : i64`);
  }
  lines.push('  return', '}');
  return lines.join('\n');
}

/** One program over every wide width: values loaded from memory (nothing folds), each op's result printed. */
/**
 * With `reference`, the program avoids what mlir-runner (MLIR 22) gets
 * wrong beyond 64 bits: memrefs of i65 and i96 (its heap gets corrupted:
 * those values live in i128 memory then), floordivsi (arith-expand's -1 is
 * built as 2^64 - 1 at those widths) and sitofp/uitofp of i256 values beyond 2^128
 * (signed or not) to f32 (it prints finite garbage where the result is inf).
 */
export function wideProgram(seed: number, reference: boolean, widths: readonly number[] = WIDE): string {
  const rng = new Rng(seed);
  const out: string[] = [];
  const head: string[] = [];
  let n = 0;
  const v = (): string => `%v${n++}`;
  for (const w of WIDE) head.push(showFn(w));
  for (const w of widths) {
    const t = `i${w}`;
    // mlir-runner corrupts its heap on memrefs of i65 and i96 (MLIR 22): such values live in i128 memory here.
    const mt = !reference || w === 128 || w === 256 ? t : 'i128';
    const vals = samples(rng, w);
    // A global holding the values (its initial data in the module's memory), copied into a heap memref.
    head.push(`memref.global "private" constant @g${w} : memref<${vals.length}x${mt}> = dense<[${vals.join(', ')}]>`);
    const g = v();
    const m = v();
    out.push(`  ${g} = memref.get_global @g${w} : memref<${vals.length}x${mt}>`, `  ${m} = memref.alloc() : memref<${vals.length}x${mt}>`);
    out.push(`  scf.for %i${w} = %c0 to %c${vals.length} step %c1 {`, `    %e${w} = memref.load ${g}[%i${w}] : memref<${vals.length}x${mt}>`, `    memref.store %e${w}, ${m}[%i${w}] : memref<${vals.length}x${mt}>`, '  }');
    const loaded = vals.map((_, i) => {
      const r = v();
      if (mt === t) out.push(`  ${r} = memref.load ${m}[%c${i}] : memref<${vals.length}x${mt}>`);
      else out.push(`  ${r}_m = memref.load ${m}[%c${i}] : memref<${vals.length}x${mt}>`, `  ${r} = arith.trunci ${r}_m : ${mt} to ${t}`);
      return r;
    });
    const pick = (): number => rng.int(vals.length);
    const show = (r: string): void => void out.push(`  func.call @show${w}(${r}) : (${t}) -> ()`);
    for (const op of BINARY.filter((x) => !reference || x !== 'floordivsi'))
      for (let k = 0; k < 3; k++) {
        const [i, j] = [pick(), pick()];
        const [a, b] = [vals[i], vals[j]];
        // No undefined behaviour: division by zero, the signed MIN / -1.
        if ((op.includes('div') || op.startsWith('rem')) && (b === 0n || (op.endsWith('si') && a === -(1n << BigInt(w - 1)) && b === -1n))) continue;
        const r = v();
        out.push(`  ${r} = arith.${op} ${loaded[i]}, ${loaded[j]} : ${t}`);
        show(r);
      }
    // By constants below 2^32 (inline long division) and one above.
    for (const op of ['divsi', 'remsi', 'divui', 'remui'])
      for (const d of [1n, 10n, 7919n, 4294967295n, 1n << 40n]) {
        const c = v();
        const r = v();
        out.push(`  ${c} = arith.constant ${d} : ${t}`, `  ${r} = arith.${op} ${loaded[pick()]}, ${c} : ${t}`);
        show(r);
      }
    for (const p of PREDS) {
      const r = v();
      out.push(`  ${r} = arith.cmpi ${p}, ${loaded[pick()]}, ${loaded[pick()]} : ${t}`, `  vector.print ${r} : i1`);
    }
    // Shifts by constants (within and across limbs) and by variable amounts (reduced below the width).
    for (const sh of ['shli', 'shrsi', 'shrui']) {
      for (const amount of [0, 1, 63, 64, 65, w - 1, rng.int(w)].filter((x) => x < w)) {
        const c = v();
        const r = v();
        out.push(`  ${c} = arith.constant ${amount} : ${t}`, `  ${r} = arith.${sh} ${loaded[pick()]}, ${c} : ${t}`);
        show(r);
      }
      const wc = v();
      const amt = v();
      const r = v();
      out.push(`  ${wc} = arith.constant ${w} : ${t}`, `  ${amt} = arith.remui ${loaded[pick()]}, ${wc} : ${t}`, `  ${r} = arith.${sh} ${loaded[pick()]}, ${amt} : ${t}`);
      show(r);
    }
    // select, the extended ops, the integer math ops.
    {
      const c = v();
      const r = v();
      out.push(`  ${c} = arith.cmpi slt, ${loaded[pick()]}, ${loaded[pick()]} : ${t}`, `  ${r} = arith.select ${c}, ${loaded[pick()]}, ${loaded[pick()]} : ${t}`);
      show(r);
      const [s, o] = [v(), v()];
      out.push(`  ${s}, ${o} = arith.addui_extended ${loaded[pick()]}, ${loaded[pick()]} : ${t}, i1`, `  vector.print ${o} : i1`);
      show(s);
      for (const ext of ['mulsi_extended', 'mului_extended']) {
        const [lo, hi] = [v(), v()];
        out.push(`  ${lo}, ${hi} = arith.${ext} ${loaded[pick()]}, ${loaded[pick()]} : ${t}`);
        show(lo);
        show(hi);
      }
      for (const mop of ['absi', 'ctlz', 'cttz', 'ctpop']) {
        const r2 = v();
        out.push(`  ${r2} = math.${mop} ${loaded[pick()]} : ${t}`);
        show(r2);
      }
    }
    // Casts to and from narrower and other wide widths, index, floats.
    for (const w2 of [...NARROW, ...WIDE]) {
      if (w2 === w) continue;
      const x = loaded[pick()];
      const r = v();
      if (w2 > w) {
        out.push(`  ${r} = arith.${rng.chance(0.5) ? 'extsi' : 'extui'} ${x} : ${t} to i${w2}`);
        if (w2 > 64) out.push(`  func.call @show${w2}(${r}) : (i${w2}) -> ()`);
      } else {
        out.push(`  ${r} = arith.trunci ${x} : ${t} to i${w2}`);
        if (w2 > 64) out.push(`  func.call @show${w2}(${r}) : (i${w2}) -> ()`);
        else out.push(`  vector.print ${r} : i${w2}`);
      }
      if (w2 < 64 || w2 > w) continue;
      // From the narrower width back (w2 < w here, or 64).
      const y = v();
      const z = v();
      out.push(`  ${y} = arith.trunci ${loaded[pick()]} : ${t} to i${w2}`, `  ${z} = arith.${rng.chance(0.5) ? 'extsi' : 'extui'} ${y} : i${w2} to ${t}`);
      show(z);
    }
    for (const cast of ['index_cast', 'index_castui']) {
      const ix = v();
      const back = v();
      out.push(`  ${ix} = arith.${cast} ${loaded[pick()]} : ${t} to index`, `  vector.print ${ix} : index`, `  ${back} = arith.${cast} ${ix} : index to ${t}`);
      show(back);
    }
    for (const [cast, ft] of [
      ['sitofp', 'f32'],
      ['uitofp', 'f64'],
      ['sitofp', 'f64'],
      ['uitofp', 'f32'],
    ]) {
      const r = v();
      // 1 and 2^63 (below 2^128).
      const x = reference && w > 128 && ft === 'f32' ? loaded[rng.chance(0.5) ? 1 : 5] : loaded[pick()];
      out.push(`  ${r} = arith.${cast} ${x} : ${t} to ${ft}`, `  vector.print ${r} : ${ft}`);
    }
    for (const [cast, x] of [
      ['fptosi', '-1.2345678901234567e+19'],
      ['fptoui', '3.0e+19'],
      ['fptosi', '7.5'],
    ]) {
      const f = v();
      const r = v();
      out.push(`  ${f} = arith.constant ${x} : f64`, `  ${r} = arith.${cast} ${f} : f64 to ${t}`);
      show(r);
    }
    // A loop carrying wide values (an LCG and a running sum), a call returning two.
    const [k, a, s] = [v(), v(), v()];
    out.push(
      `  ${k} = arith.constant 6364136223846793005 : ${t}`,
      `  ${a}:2 = scf.for %j${w} = %c0 to %c${vals.length} step %c1 iter_args(%x${w} = ${loaded[1]}, %y${w} = ${loaded[0]}) -> (${t}, ${t}) {`,
      `    %l${w}_m = memref.load ${m}[%j${w}] : memref<${vals.length}x${mt}>`,
      mt === t ? `    %l${w} = arith.addi %l${w}_m, ${k} : ${t}` : `    %l${w} = arith.trunci %l${w}_m : ${mt} to ${t}`,
      `    %p${w} = arith.muli %x${w}, ${k} : ${t}`,
      `    %q${w}:2 = func.call @step${w}(%p${w}, %l${w}) : (${t}, ${t}) -> (${t}, ${t})`,
      `    %z${w} = arith.addi %y${w}, %q${w}#1 : ${t}`,
      `    scf.yield %q${w}#0, %z${w} : ${t}, ${t}`,
      '  }',
    );
    show(`${a}#0`);
    show(`${a}#1`);
    head.push(`func.func @step${w}(%a: ${t}, %b: ${t}) -> (${t}, ${t}) {\n  %s = arith.addi %a, %b : ${t}\n  %c = arith.cmpi ugt, %s, %a : ${t}\n  %r = scf.if %c -> (${t}) {\n    %x = arith.xori %s, %b : ${t}\n    scf.yield %x : ${t}\n  } else {\n    scf.yield %a : ${t}\n  }\n  return %s, %r : ${t}, ${t}\n}`);
    void s;
    out.push(`  memref.dealloc ${m} : memref<${vals.length}x${mt}>`);
  }
  const consts = Array.from({ length: 13 }, (_, i) => `  %c${i} = arith.constant ${i} : index`);
  return [...head, 'func.func @main() {', ...consts, ...out, '  return', '}'].join('\n') + '\n';
}


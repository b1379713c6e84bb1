// JavaScript expressions for scalar operations (arith, index), in the value
// representation described in numeric.ts. Operands are always plain variable
// names (or other side-effect-free expressions), so repeating them is safe.
// `$t` and `$s` are scratch variables declared in every generated function.

import { wide } from './numeric.js';
import type { FloatName, Repr } from './types.js';

export function numLit(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (Object.is(v, -0)) return '-0';
  return v < 0 ? `(${v})` : String(v);
}

/** A literal for an integer value given as BigInt (already normalized to the width). */
export function intLit(r: Repr, v: bigint): string {
  if (r.k === 'int') {
    if (r.w === 1) return v & 1n ? '1' : '0';
    return numLit(Number(BigInt.asIntN(r.w, v)));
  }
  const w = r.k === 'wide' ? r.w : 64;
  const s = BigInt.asIntN(w, v);
  if (s >= -9007199254740991n && s <= 9007199254740991n) return numLit(Number(s));
  return `(${s}n)`;
}

/** Normalizes an int32-ish expression to width w (w <= 32). */
export function N(w: number, e: string): string {
  if (w === 32) return `((${e}) | 0)`;
  if (w === 1) return `((${e}) & 1)`;
  const s = 32 - w;
  return `(((${e}) << ${s}) >> ${s})`;
}
/** Signed value of a small int. */
export function S(w: number, x: string): string {
  return w === 1 ? `(0 - ${x})` : x;
}
/** Unsigned value of a small int. */
export function U(w: number, x: string): string {
  if (w === 32) return `(${x} >>> 0)`;
  if (w === 1) return x;
  return `(${x} & ${2 ** w - 1})`;
}

export function roundExpr(f: FloatName, e: string): string {
  switch (f) {
    case 'f64':
      return `(${e})`;
    case 'f32':
      return `$fr(${e})`;
    case 'f16':
      return `$f16(${e})`;
    case 'bf16':
      return `$bf16(${e})`;
  }
}

export function wideName(w: number): string {
  return `$w${w}`;
}

function wideMin(w: number): string {
  return w <= 53 ? numLit(-(2 ** (w - 1))) : `(${-(1n << BigInt(w - 1))}n)`;
}

const ULT = (a: string, b: string): string => `((${a} < 0) === (${b} < 0) ? ${a} < ${b} : ${b} < 0)`;
const ULE = (a: string, b: string): string => `((${a} < 0) === (${b} < 0) ? ${a} <= ${b} : ${b} < 0)`;

/** Integer comparison, as a JS boolean expression. */
export function cmpiBool(pred: string, r: Repr, a: string, b: string): string {
  if (pred === 'eq') return `(${a} === ${b})`;
  if (pred === 'ne') return `(${a} !== ${b})`;
  if (r.k === 'int') {
    const signed = pred[0] === 's';
    const x = signed ? S(r.w, a) : U(r.w, a);
    const y = signed ? S(r.w, b) : U(r.w, b);
    const op = { lt: '<', le: '<=', gt: '>', ge: '>=' }[pred.slice(1)]!;
    return `(${x} ${op} ${y})`;
  }
  switch (pred) {
    case 'slt':
      return `(${a} < ${b})`;
    case 'sle':
      return `(${a} <= ${b})`;
    case 'sgt':
      return `(${a} > ${b})`;
    case 'sge':
      return `(${a} >= ${b})`;
    case 'ult':
      return ULT(a, b);
    case 'ule':
      return ULE(a, b);
    case 'ugt':
      return `(!${ULE(a, b)})`;
    case 'uge':
      return `(!${ULT(a, b)})`;
  }
  throw new Error('bad predicate ' + pred);
}

export function cmpfBool(pred: string, a: string, b: string): string {
  switch (pred) {
    case 'false':
      return 'false';
    case 'true':
      return 'true';
    case 'oeq':
      return `(${a} === ${b})`;
    case 'ogt':
      return `(${a} > ${b})`;
    case 'oge':
      return `(${a} >= ${b})`;
    case 'olt':
      return `(${a} < ${b})`;
    case 'ole':
      return `(${a} <= ${b})`;
    case 'one':
      return `(${a} < ${b} || ${a} > ${b})`;
    case 'ord':
      return `(${a} === ${a} && ${b} === ${b})`;
    case 'ueq':
      return `!(${a} < ${b} || ${a} > ${b})`;
    case 'ugt':
      return `!(${a} <= ${b})`;
    case 'uge':
      return `!(${a} < ${b})`;
    case 'ult':
      return `!(${a} >= ${b})`;
    case 'ule':
      return `!(${a} > ${b})`;
    case 'une':
      return `(${a} !== ${b})`;
    case 'uno':
      return `(${a} !== ${a} || ${b} !== ${b})`;
  }
  throw new Error('bad predicate ' + pred);
}

/**
 * Integer binary operation `name` (arith or index mnemonic, normalized to the
 * arith spelling) as an expression. K is the op's index for error reports.
 */
export function intBinary(name: string, r: Repr, a: string, b: string, K: number): string | undefined {
  const div0 = `$div0(${K})`;
  const ovf = `$ovf(${K})`;
  const P = `$P(${K})`;
  if (r.k === 'int') {
    const w = r.w;
    const min = w === 1 ? -1 : -(2 ** (w - 1));
    const sOvf = `(${S(w, a)} === ${min} && ${S(w, b)} === -1)`;
    switch (name) {
      case 'addi':
        return w === 1 ? `(${a} ^ ${b})` : N(w, `${a} + ${b}`);
      case 'subi':
        return w === 1 ? `(${a} ^ ${b})` : N(w, `${a} - ${b}`);
      case 'muli':
        return w === 1 ? `(${a} & ${b})` : w === 32 ? `Math.imul(${a}, ${b})` : N(w, `Math.imul(${a}, ${b})`);
      case 'divsi':
        return `(${b} === 0 ? ${div0} : ${sOvf} ? ${ovf} : ${N(w, `${S(w, a)} / ${S(w, b)}`)})`;
      case 'divui':
        return `(${b} === 0 ? ${div0} : ${N(w, `${U(w, a)} / ${U(w, b)}`)})`;
      case 'remsi':
        return `(${b} === 0 ? ${div0} : ${sOvf} ? ${ovf} : ${N(w, `${S(w, a)} % ${S(w, b)}`)})`;
      case 'remui':
        return `(${b} === 0 ? ${div0} : ${N(w, `${U(w, a)} % ${U(w, b)}`)})`;
      case 'ceildivsi':
        return `(${b} === 0 ? ${div0} : ${sOvf} ? ${ovf} : ${N(w, `$cdivs(${S(w, a)}, ${S(w, b)})`)})`;
      case 'floordivsi':
        return `(${b} === 0 ? ${div0} : ${sOvf} ? ${ovf} : ${N(w, `$fdivs(${S(w, a)}, ${S(w, b)})`)})`;
      case 'ceildivui':
        return `(${b} === 0 ? ${div0} : ${N(w, `Math.ceil(${U(w, a)} / ${U(w, b)})`)})`;
      case 'andi':
        return `(${a} & ${b})`;
      case 'ori':
        return `(${a} | ${b})`;
      case 'xori':
        return `(${a} ^ ${b})`;
      case 'shli':
        return `(${U(w, b)} >= ${w} ? ${P} : ${N(w, `${a} << ${U(w, b)}`)})`;
      case 'shrui':
        return `(${U(w, b)} >= ${w} ? ${P} : ${N(w, `${U(w, a)} >>> ${U(w, b)}`)})`;
      case 'shrsi':
        return `(${U(w, b)} >= ${w} ? ${P} : ${w === 1 ? a : `(${a} >> ${U(w, b)})`})`;
      case 'maxsi':
        return `(${S(w, a)} > ${S(w, b)} ? ${a} : ${b})`;
      case 'minsi':
        return `(${S(w, a)} < ${S(w, b)} ? ${a} : ${b})`;
      case 'maxui':
        return `(${U(w, a)} > ${U(w, b)} ? ${a} : ${b})`;
      case 'minui':
        return `(${U(w, a)} < ${U(w, b)} ? ${a} : ${b})`;
    }
    return undefined;
  }
  if (r.k !== 'wide') return undefined;
  const w = r.w;
  const H = wideName(w);
  const h = wide(w);
  const LO = numLit(h.lo);
  const HI = numLit(h.hi);
  const fast = (op: string, slow: string): string =>
    `((typeof ${a} === "number" && typeof ${b} === "number" && ($t = ${a} ${op} ${b}) >= ${LO} && $t <= ${HI}) ? $t : ${H}.${slow}(${a}, ${b}))`;
  const sOvf = `(${a} === ${wideMin(w)} && ${b} === -1)`;
  // A positive int32 literal operand (constants are inlined as literals) allows cheaper forms.
  const posLit = /^\d+$/.test(b) && Number(b) > 0 && Number(b) < 2 ** 31 ? Number(b) : undefined;
  if (posLit !== undefined) {
    switch (name) {
      case 'andi':
        return `(typeof ${a} === "number" ? (${a} | 0) & ${b} : ${H}.and(${a}, ${b}))`;
      case 'divui':
        // Division by a power of two is exact on doubles (the remainder would need fmod).
        if ((posLit & (posLit - 1)) === 0) return `(typeof ${a} === "number" && ${a} >= 0 ? Math.floor(${a} / ${b}) : ${H}.divu(${a}, ${b}))`;
        return `(typeof ${a} === "number" && ${a} >= 0 ? (${a} - ${a} % ${b}) / ${b} : ${H}.divu(${a}, ${b}))`;
      case 'remui':
        if ((posLit & (posLit - 1)) === 0) return `(typeof ${a} === "number" && ${a} >= 0 ? ${a} - Math.floor(${a} / ${b}) * ${b} : ${H}.remu(${a}, ${b}))`;
        return `(typeof ${a} === "number" && ${a} >= 0 ? ${a} % ${b} : ${H}.remu(${a}, ${b}))`;
      case 'addi':
        // A number is at least -(2^53 - 1): adding a positive value can only overflow upwards.
        return `((typeof ${a} === "number" && ($t = ${a} + ${b}) <= ${HI}) ? $t : ${H}.add(${a}, ${b}))`;
      case 'subi':
        return `((typeof ${a} === "number" && ($t = ${a} - ${b}) >= ${LO}) ? $t : ${H}.sub(${a}, ${b}))`;
      case 'divsi':
        return `(typeof ${a} === "number" ? ($t = ${a} % ${b}, ($a_MINUS_T) / ${b} + 0) : ${H}.divs(${a}, ${b}))`.replace('$a_MINUS_T', `${a} - $t`);
      case 'remsi':
        return `(typeof ${a} === "number" ? ${a} % ${b} + 0 : ${H}.rems(${a}, ${b}))`;
    }
  }
  switch (name) {
    case 'addi':
      return fast('+', 'add');
    case 'subi':
      return fast('-', 'sub');
    case 'muli':
      return fast('*', 'mul');
    case 'divsi':
    case 'remsi':
    case 'ceildivsi':
    case 'floordivsi': {
      const f = { divsi: 'divs', remsi: 'rems', ceildivsi: 'ceildivs', floordivsi: 'floordivs' }[name];
      return `(${b} === 0 ? ${div0} : ${sOvf} ? ${ovf} : ${H}.${f}(${a}, ${b}))`;
    }
    case 'divui':
    case 'remui':
    case 'ceildivui': {
      const f = { divui: 'divu', remui: 'remu', ceildivui: 'ceildivu' }[name];
      return `(${b} === 0 ? ${div0} : ${H}.${f}(${a}, ${b}))`;
    }
    case 'andi':
      return `${H}.and(${a}, ${b})`;
    case 'ori':
      return `${H}.or(${a}, ${b})`;
    case 'xori':
      return `${H}.xor(${a}, ${b})`;
    case 'shli':
      return `(($s = ${H}.shiftAmount(${b})) === undefined ? ${P} : ${H}.shl(${a}, $s))`;
    case 'shrui':
      return `(($s = ${H}.shiftAmount(${b})) === undefined ? ${P} : ${H}.shru(${a}, $s))`;
    case 'shrsi':
      return `(($s = ${H}.shiftAmount(${b})) === undefined ? ${P} : ${H}.shrs(${a}, $s))`;
    case 'maxsi':
      return `(${a} > ${b} ? ${a} : ${b})`;
    case 'minsi':
      return `(${a} < ${b} ? ${a} : ${b})`;
    case 'maxui':
      return `(${ULT(b, a)} ? ${a} : ${b})`;
    case 'minui':
      return `(${ULT(a, b)} ? ${a} : ${b})`;
  }
  return undefined;
}

/** Float binary operation. */
export function floatBinary(name: string, f: FloatName, a: string, b: string): string | undefined {
  switch (name) {
    case 'addf':
      return roundExpr(f, `${a} + ${b}`);
    case 'subf':
      return roundExpr(f, `${a} - ${b}`);
    case 'mulf':
      return roundExpr(f, `${a} * ${b}`);
    case 'divf':
      return roundExpr(f, `${a} / ${b}`);
    case 'remf':
      return roundExpr(f, `${a} % ${b}`);
    case 'maximumf':
      return `Math.max(${a}, ${b})`;
    case 'minimumf':
      return `Math.min(${a}, ${b})`;
    case 'maxnumf':
      return `(${a} !== ${a} ? ${b} : ${b} !== ${b} ? ${a} : Math.max(${a}, ${b}))`;
    case 'minnumf':
      return `(${a} !== ${a} ? ${b} : ${b} !== ${b} ? ${a} : Math.min(${a}, ${b}))`;
  }
  return undefined;
}

/** A value of representation `from` reinterpreted as a signed JS number/BigInt (exact). */
function signedOf(r: Repr, a: string): string {
  return r.k === 'int' ? S(r.w, a) : a;
}
function unsignedOf(r: Repr, a: string): string {
  if (r.k === 'int') return U(r.w, a);
  if (r.k === 'wide') return `${wideName(r.w)}.unsigned(${a})`;
  return a;
}

/** An exact integer (number or BigInt) converted into representation `to` (wrapping). */
function intoRepr(to: Repr, e: string, fromWidth: number): string {
  if (to.k === 'int') {
    if (fromWidth <= 32) return N(to.w, e);
    return N(to.w, `$lo32(${e})`);
  }
  if (to.k === 'wide') {
    // Canonical forms do not depend on the width: values that fit need no conversion.
    if (fromWidth <= to.w) return e;
    return `${wideName(to.w)}.fromAny(${e})`;
  }
  throw new Error('not an integer representation');
}

function widthOf(r: Repr): number {
  return r.k === 'int' || r.k === 'wide' ? r.w : 0;
}

/** Casts (arith and index dialects). */
export function castExpr(name: string, from: Repr, to: Repr, a: string, K: number): string | undefined {
  const P = `$P(${K})`;
  switch (name) {
    case 'extsi':
      if (to.k === 'int') return N(to.w, signedOf(from, a));
      return intoRepr(to, signedOf(from, a), widthOf(from));
    case 'extui':
      if (to.k === 'int') return N(to.w, unsignedOf(from, a));
      return intoRepr(to, unsignedOf(from, a), widthOf(from) + 1);
    case 'trunci':
      if (from.k === 'int') return N((to as { w: number }).w, a);
      return intoRepr(to, a, widthOf(from));
    case 'index_cast':
    case 'casts': {
      const fw = widthOf(from);
      const tw = widthOf(to);
      if (tw >= fw) return to.k === 'int' ? N(to.w, signedOf(from, a)) : intoRepr(to, signedOf(from, a), fw);
      return from.k === 'int' ? N(tw, a) : intoRepr(to, a, fw);
    }
    case 'index_castui':
    case 'castu': {
      const fw = widthOf(from);
      const tw = widthOf(to);
      if (tw > fw) return to.k === 'int' ? N(to.w, unsignedOf(from, a)) : intoRepr(to, unsignedOf(from, a), fw + 1);
      if (tw === fw) return a;
      return from.k === 'int' ? N(tw, a) : intoRepr(to, a, fw);
    }
    case 'sitofp':
    case 'uitofp': {
      if (to.k !== 'float') return undefined;
      const v = name === 'sitofp' ? signedOf(from, a) : unsignedOf(from, a);
      if (from.k === 'int') return to.f === 'f64' ? v : roundExpr(to.f, v);
      return `(typeof ($t = ${v}) === "number" ? ${roundExpr(to.f, '$t')} : $bigToFloat($t, "${to.f}"))`;
    }
    case 'fptosi':
    case 'fptoui': {
      const w = widthOf(to);
      if (name === 'fptosi' && w === 32) return `((${a} > -2147483649 && ${a} < 2147483648) ? (${a} | 0) : ${P})`;
      return `(($t = $${name}(${a}, ${w})) === undefined ? ${P} : $t)`;
    }
    case 'extf':
      return a;
    case 'truncf':
      if (to.k !== 'float') return undefined;
      return roundExpr(to.f, a);
    case 'bitcast': {
      if (from.k === 'float' && (to.k === 'int' || to.k === 'wide')) {
        if (from.f === 'f32') return `$f32Bits(${a})`;
        if (from.f === 'f64') return `${wideName(64)}.canon($f64Bits(${a}))`;
        if (from.f === 'f16') return N(16, `$f16Bits(${a})`);
        return N(16, `$bf16Bits(${a})`);
      }
      if ((from.k === 'int' || from.k === 'wide') && to.k === 'float') {
        if (to.f === 'f32') return `$bitsF32(${a})`;
        if (to.f === 'f64') return `$bitsF64(${wideName(64)}.big(${a}))`;
        if (to.f === 'f16') return `$bitsF16(${a})`;
        return `$bitsBF16(${a})`;
      }
      if (from.k === 'float' && to.k === 'float') {
        const bits = from.f === 'f16' ? `$f16Bits(${a})` : `$bf16Bits(${a})`;
        return to.f === 'f16' ? `$bitsF16(${bits})` : `$bitsBF16(${bits})`;
      }
      return a;
    }
  }
  return undefined;
}

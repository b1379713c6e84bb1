// How func.call (of functions of the module, and of the runtime library's
// print* and printMemref* functions) execute in the WebAssembly backend: the
// per-op emitters registered with the backend (src/exec/wasm/emitters.ts);
// compile.ts drives them.

import { MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';
import type { OpOf } from '../../ods/index.js';
import * as builtin from '../builtin/index.js';
import * as func from './index.js';
import { BUILTINS } from '../../exec/codegen.js';
import { elemFormatOf } from '../../exec/types.js';
import { Op } from '../../exec/wasm/encoder.js';
import { MAX_UNRANKED, WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

function call(fc: WasmFunctionCompiler, op: OpOf<typeof func.CallOp>): void {
  const name = func.CallOp.callee(op);
  const callee = fc.callee(name);
  if (!callee) {
    // The runtime library's functions check their arguments (as the JavaScript backend).
    for (const a of func.CallOp.operands(op)) fc.checkPoison(op, a, 'argument');
    return builtinCall(fc, op);
  }
  // Arguments and results that may be poison pass their markers too (compile.ts's ModulePoison signature).
  // An operand's type is the callee's parameter type (unranked: passed in its unranked form).
  const sig = fc.poisonSignature(name)!;
  func.CallOp.operands(op).forEach((a, i) => {
    fc.pushAsType(a, a.type, op);
    if (sig.args[i]) fc.pushPoison(a);
  });
  fc.noteCall(op);
  fc.body.call(callee.index);
  const results = func.CallOp.results(op);
  for (let i = results.length - 1; i >= 0; i--) {
    if (sig.results[i]) fc.popPoison(results[i]);
    fc.pop(results[i]);
  }
}

const TEXT: Record<string, string> = { printOpen: '( ', printClose: ' )', printComma: ', ', printNewline: '\n' };

/** A call of one of the runtime library's functions (printI64, printMemrefF32, ...), as the JavaScript backend binds them. */
function builtinCall(fc: WasmFunctionCompiler, op: OpOf<typeof func.CallOp>): void {
  const sym = func.CallOp.callee(op);
  const name = sym.replace(/^_mlir_ciface_/, '');
  if (!BUILTINS.has(name)) throw new WasmUnsupported(op, `calls of @${sym}`);
  const args = func.CallOp.operands(op);
  const results = func.CallOp.results(op);
  const f = fc.body;
  const unsupported = (): never => {
    throw new WasmUnsupported(op, `@${sym} of this type`);
  };
  if (name in TEXT) return void f.i32(fc.stringId(TEXT[name])).call(fc.imports.write);
  if (name === 'nanoTime' || name === 'rtclock') {
    const r = results[0];
    const k = r && fc.kind(r, op);
    if (!k || (k.k !== 'int' && k.k !== 'float') || k.vt !== (name === 'nanoTime' ? 'i64' : 'f64')) unsupported();
    f.call(name === 'nanoTime' ? fc.imports.nanoTime : fc.imports.rtclock);
    return fc.pop(r);
  }
  const x = args[0];
  if (!x || results.length) unsupported();
  const k = fc.kind(x, op);
  if (name === 'printI64' || name === 'printU64') {
    if (k.k !== 'int') unsupported();
    f.i32(fc.K(op));
    fc.push(x);
    if (k.k === 'int' && k.vt === 'i32') f.op(Op.i64_extend_i32_s);
    // The `printI` import's formats: 0 signed, 1 unsigned; no punctuation.
    return void f.i32(name === 'printI64' ? 0 : 1).i32(64).i32(fc.stringId('')).call(fc.imports.printI);
  }
  if (name === 'printF32' || name === 'printF64' || name === 'printF16' || name === 'printBF16') {
    if (k.k !== 'float') unsupported();
    fc.push(x);
    if (k.k === 'float' && k.vt === 'f32') f.op(Op.f64_promote_f32);
    return void f.i32(fc.stringId('')).call(fc.imports.printF);
  }
  if ((k.k !== 'memref' && k.k !== 'unranked') || !name.startsWith('printMemref')) return unsupported();
  const l = fc.localsOf(x)!;
  const e = k.elem;
  const t = x.type as MemRefType | UnrankedMemRefType;
  const mode = name.startsWith('printMemrefShape') ? 2 : /^printMemref\dd/.test(name) ? 1 : 0;
  const storage = e.k === 'float' ? e.f : e.w === 1 ? 'i1' : `i${8 << k.shift}`;
  if (k.k === 'unranked') {
    // The dims below its rank.
    for (let d = 0; d < MAX_UNRANKED; d++) {
      f.get(l[2]).i32(d).op(Op.i32_gt_u).structured(Op.if, 'void');
      f.get(l[3 + d]).get(l[3 + MAX_UNRANKED + d]).call(fc.imports.dim).op(Op.end);
    }
    f.i32(fc.K(op)).i32(mode).i32(fc.stringId(`${storage}:${elemFormatOf(t.elementType)}`)).get(l[0]).get(l[1]).call(fc.imports.printMemref);
    return;
  }
  // printMemrefShape*: the header only; printMemref<N>d*: "Memref"; printMemref*: "Unranked Memref".
  fc.passDims(l, k.rank);
  f.i32(fc.K(op)).i32(mode).i32(fc.stringId(`${storage}:${elemFormatOf(t.elementType)}`)).get(l[0]).get(l[1]).call(fc.imports.printMemref);
}

/** The module's functions with bodies, in order: a function value is its position here. */
function moduleFunctions(fc: WasmFunctionCompiler): OpOf<typeof func.FuncOp>[] {
  const out: OpOf<typeof func.FuncOp>[] = [];
  const mod = fc.fn.parentOp && builtin.ModuleOp.dynCast(fc.fn.parentOp);
  if (!mod) return out;
  for (const o of builtin.ModuleOp.body(mod)) {
    const f = func.FuncOp.dynCast(o);
    if (f && !func.FuncOp.isExternal(f)) out.push(f);
  }
  return out;
}

function funcConstant(fc: WasmFunctionCompiler, op: OpOf<typeof func.ConstantOp>): void {
  const k = moduleFunctions(fc).findIndex((f) => func.FuncOp.sym_name(f) === func.ConstantOp.value(op));
  if (k < 0) throw new WasmUnsupported(op, `'${op.opName}' of an external function`);
  fc.body.i32(k);
  fc.pop(func.ConstantOp.result(op));
}

/** call_indirect: a chain of direct calls of the module's functions of the callee's type, picked by the function value. */
function callIndirect(fc: WasmFunctionCompiler, op: OpOf<typeof func.CallIndirectOp>): void {
  const callee = func.CallIndirectOp.callee(op);
  const key = callee.type.key;
  const f = fc.body;
  const results = func.CallIndirectOp.results(op);
  results.forEach((r) => fc.def(r));
  // Calling a poison function value is undefined behaviour: the JavaScript backend's check.
  fc.checkPoison(op, callee, 'callee');
  let open = 0;
  moduleFunctions(fc).forEach((fn, k) => {
    if (func.FuncOp.function_type(fn).key !== key) return;
    const name = func.FuncOp.sym_name(fn);
    const target = fc.callee(name)!;
    const sig = fc.poisonSignature(name)!;
    fc.push(callee);
    f.i32(k).op(Op.i32_eq).structured(Op.if, 'void');
    fc.depth++;
    open++;
    // Markers as a direct call's (compile.ts's ModulePoison counts the call as one of each function of the type whose address is taken).
    func.CallIndirectOp.callee_operands(op).forEach((a, i) => {
      fc.pushAsType(a, a.type, op);
      if (sig.args[i]) fc.pushPoison(a);
    });
    fc.noteCall(op);
    f.call(target.index);
    for (let i = results.length - 1; i >= 0; i--) {
      if (sig.results[i]) fc.popPoison(results[i]);
      fc.pop(results[i]);
      // Another target may return poison there: this one does not.
      const p = sig.results[i] ? undefined : fc.poisonOf(results[i]);
      if (p !== undefined) f.i32(0).set(p);
    }
    f.op(Op.else);
  });
  // No function of that type has that number (function values come from func.constant).
  f.op(Op.unreachable);
  for (; open > 0; open--) {
    f.op(Op.end);
    fc.depth--;
  }
}

implementWasmExec(func.ConstantOp, funcConstant);
implementWasmExec(func.CallIndirectOp, callIndirect, { custom: true });
implementWasmExec(func.CallOp, (fc, op) => call(fc, op), { custom: true });

// How the func: calls (direct, indirect, runtime-library builtins) and function constants execute in the JavaScript backend: the per-op emitters
// registered with the engine (src/exec/emitters.ts); codegen.ts drives them.

import { MemRefType, UnrankedMemRefType } from '../../ir/builtin-types.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as func from './index.js';
import { elemFormatOf } from '../../exec/types.js';
import { BUILTINS, type FunctionCompiler } from '../../exec/codegen.js';
import { implementJsExec } from '../../exec/emitters.js';

function emitCall(cg: FunctionCompiler, op: OpOf<typeof func.CallOp>): void {
  const K = cg.K(op);
  const sym = func.CallOp.callee(op);
  const args = func.CallOp.operands(op);
  const results = func.CallOp.results(op);
  const f = cg.mc.functions.get(sym);
  if (f) return emitCallTo(cg, op, f.js, args, results);
  if (BUILTINS.has(sym) || BUILTINS.has(sym.replace(/^_mlir_ciface_/, ''))) {
    const argTypes = args.map((o) => o.type);
    for (let i = 0; i < args.length; i++) cg.checkPoison(op, args[i], 'argument');
    const call = `$rt.builtin(${K}, ${JSON.stringify(sym.replace(/^_mlir_ciface_/, ''))}, [${args.map((a) => cg.v(a)).join(', ')}], ${JSON.stringify(argTypes.map((t) => elemFormatOf(t instanceof MemRefType || t instanceof UnrankedMemRefType ? t.elementType : t)))})`;
    if (results.length === 1) cg.define(op, call);
    else cg.emit(call + ';');
    return;
  }
  cg.emit(`$rt.missingSymbol(${K}, ${JSON.stringify(sym)});`);
}

function emitCallIndirect(cg: FunctionCompiler, op: OpOf<typeof func.CallIndirectOp>): void {
  // Calling a poison function value is undefined behaviour (before, a JS TypeError).
  cg.checkPoison(op, func.CallIndirectOp.callee(op), 'callee');
  const callee = cg.v(func.CallIndirectOp.callee(op));
  emitCallTo(cg, op, callee, func.CallIndirectOp.callee_operands(op), func.CallIndirectOp.results(op));
}

/** A call of the JS function `callee` (its call site recorded for stack traces). */
function emitCallTo(cg: FunctionCompiler, op: Operation, callee: string, args: Value[], results: Value[]): void {
  const call = `${callee}(${args.map((a) => cg.v(a)).join(', ')})`;
  cg.emit(`$cl = ${cg.K(op)};`);
  if (results.length === 0) cg.emit(call + ';');
  else if (results.length === 1) cg.define(op, call);
  else {
    cg.emit(`$r = ${call};`);
    results.forEach((r, i) => {
      cg.emit(`${cg.v(r)} = $r[${i}];`);
      cg.afterDefine(r);
    });
  }
}

function emitFuncConstant(cg: FunctionCompiler, op: OpOf<typeof func.ConstantOp>): void {
  const f = cg.mc.functions.get(func.ConstantOp.value(op));
  if (!f) return cg.unsupported(op, `'${op.opName}' of an external function is not supported by the execution engine`);
  cg.define(op, f.js);
}

implementJsExec(func.CallOp, (cg, op) => emitCall(cg, op));
implementJsExec(func.CallIndirectOp, (cg, op) => emitCallIndirect(cg, op));
implementJsExec(func.ConstantOp, (cg, op) => emitFuncConstant(cg, op));

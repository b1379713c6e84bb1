// How the cf branches execute in the WebAssembly backend: the per-op emitters
// registered with the backend (src/exec/wasm/emitters.ts). The CFG itself
// (the dispatch loop over a region's blocks) is compile.ts's `region`; a
// branch picks its successor and calls `jump`.

import type { OpOf } from '../../ods/index.js';
import * as cf from './index.js';
import { Op } from '../../exec/wasm/encoder.js';
import { ErrCode, WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';

function condBranch(fc: WasmFunctionCompiler, op: OpOf<typeof cf.CondBranchOp>): void {
  const f = fc.body;
  fc.checkPoison(op, cf.CondBranchOp.condition(op), 'branch condition');
  fc.push(cf.CondBranchOp.condition(op));
  f.structured(Op.if, 'void');
  fc.depth++;
  fc.jump(op, cf.CondBranchOp.trueDest(op), cf.CondBranchOp.trueDestOperands(op));
  f.op(Op.else);
  fc.jump(op, cf.CondBranchOp.falseDest(op), cf.CondBranchOp.falseDestOperands(op));
  f.op(Op.end);
  fc.depth--;
}

/** A chain of comparisons with the case values (as the flag's normalized value), the default last. */
function switchOp(fc: WasmFunctionCompiler, op: OpOf<typeof cf.SwitchOp>): void {
  const f = fc.body;
  const flag = cf.SwitchOp.flag(op);
  const s = fc.scalar(flag, op);
  if (s.k !== 'int') throw new WasmUnsupported(op, `'${op.opName}' of this type`);
  fc.checkPoison(op, flag, 'switch flag');
  const dests = cf.SwitchOp.caseDestinations(op);
  const operands = cf.SwitchOp.caseOperands(op);
  const values = cf.SwitchOp.case_values(op) ?? [];
  values.forEach((v, i) => {
    fc.push(flag);
    const c = s.w === 1 ? v & 1n : BigInt.asIntN(s.w, v);
    if (s.vt === 'i32') f.i32(Number(c)).op(Op.i32_eq);
    else f.i64(c).op(Op.i64_eq);
    f.structured(Op.if, 'void');
    fc.depth++;
    fc.jump(op, dests[i], operands[i]);
    f.op(Op.end);
    fc.depth--;
  });
  fc.jump(op, cf.SwitchOp.defaultDestination(op), cf.SwitchOp.defaultOperands(op));
}

/** A false condition is the JavaScript backend's located error with the message (its string index as the error's value). */
function assertOp(fc: WasmFunctionCompiler, op: OpOf<typeof cf.AssertOp>): void {
  fc.push(cf.AssertOp.arg(op));
  fc.body.op(Op.i32_eqz);
  const msg = fc.stringId(cf.AssertOp.msg(op));
  fc.errorIf(op, ErrCode.assertion, () => fc.body.i64(BigInt(msg)));
}

// Poison: conditions, flags and the asserted value are checked (as the JavaScript backend); successor operands keep their markers (fc.jump).
implementWasmExec(cf.AssertOp, assertOp, { checks: (op) => [[cf.AssertOp.arg(op), 'assertion condition']] });
implementWasmExec(cf.BranchOp, (fc, op) => fc.jump(op, cf.BranchOp.dest(op), cf.BranchOp.destOperands(op)), { custom: true });
implementWasmExec(cf.CondBranchOp, condBranch, { custom: true });
implementWasmExec(cf.SwitchOp, switchOp, { custom: true });

// How the scf ops (loops, conditionals, switches, regions run in place) execute in the WebAssembly backend: the per-op emitters registered
// with the backend (src/exec/wasm/emitters.ts); compile.ts drives them.

import type { Operation, Value } from '../../ir/operation.js';
import type { OpOf } from '../../ods/index.js';
import * as memref from '../memref/index.js';
import * as scf from './index.js';
import { freeAllocaChain } from '../memref/exec-wasm.js';
import { Op } from '../../exec/wasm/encoder.js';
import { ErrCode, WasmUnsupported, type WasmFunctionCompiler } from '../../exec/wasm/compile.js';
import { implementWasmExec } from '../../exec/wasm/emitters.js';
import { vectorizeFor, vectorizeParallel } from '../../exec/wasm/vectorize.js';
import { unrollFor } from '../../exec/wasm/unroll.js';
import { kDynamicI64 } from '../../ir/builtin-types.js';

function forLoop(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ForOp>): void {
  const f = fc.body;
  const iv = scf.ForOp.inductionVar(op);
  const s = fc.scalar(iv, op);
  if (s.k !== 'int') throw new WasmUnsupported(op, 'loop bounds of this type');
  const I = s.vt === 'i32';
  const unsigned = scf.ForOp.unsignedCmp(op);
  const lb = scf.ForOp.lowerBound(op);
  const ub = scf.ForOp.upperBound(op);
  const step = scf.ForOp.step(op);
  for (const x of [lb, ub, step]) fc.checkPoison(op, x, 'loop bound');
  // A non-positive step is an error (as the JavaScript backend reports it).
  const sc = fc.constInt(step);
  if (sc === undefined || sc <= 0n) {
    fc.pushAs(step, 'signed', s);
    if (I) f.i32(0).op(Op.i32_le_s);
    else f.i64(0n).op(Op.i64_le_s);
    fc.errorIf(op, ErrCode.badStep, () => {
      fc.push(step);
      if (I) f.op(Op.i64_extend_i32_s);
    });
  }
  const iters = scf.ForOp.regionIterArgs(op);
  fc.assign([iv, ...iters], [lb, ...scf.ForOp.initArgs(op)]);
  if (!unsigned && s.w === 64 && fc.nonNegative(lb) && fc.smallStep(step)) fc.noteBelow(iv, ub);
  // Innermost straight-line loops may first run 4 iterations at a time in SIMD code (vectorize.ts).
  vectorizeFor(fc, op);
  // Loops carrying an LCG-like recurrence: unrolled, the recurrence's chain reassociated (unroll.ts).
  unrollFor(fc, op);
  f.structured(Op.block, 'void');
  f.structured(Op.loop, 'void');
  fc.depth += 2;
  const how = unsigned ? 'unsigned' : 'signed';
  fc.pushAs(iv, how, s);
  fc.pushAs(ub, how, s);
  f.op(unsigned ? (I ? Op.i32_ge_u : Op.i64_ge_u) : I ? Op.i32_ge_s : Op.i64_ge_s);
  f.br(Op.br_if, 1);
  fc.block(scf.ForOp.body(op), (term) => {
    if (earlyExit(fc, term)) return;
    if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a loop`);
    fc.assign(iters, scf.YieldOp.results(term));
  });
  fc.push(iv);
  fc.push(step);
  f.op(I ? Op.i32_add : Op.i64_add);
  fc.norm(s);
  fc.pop(iv);
  f.br(Op.br, 0);
  f.op(Op.end).op(Op.end);
  fc.depth -= 2;
  // The results are the iteration arguments' final values.
  scf.ForOp.results(op).forEach((r, i) => fc.share(r, fc.def(iters[i])));
}

function ifOp(fc: WasmFunctionCompiler, op: OpOf<typeof scf.IfOp>): void {
  const f = fc.body;
  const results = scf.IfOp.results(op);
  results.forEach((r) => fc.def(r));
  const onYield = (term: Operation): void => {
    if (earlyExit(fc, term)) return;
    if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.if`);
    fc.assign(results, scf.YieldOp.results(term));
  };
  fc.checkPoison(op, scf.IfOp.condition(op), 'condition');
  fc.push(scf.IfOp.condition(op));
  f.structured(Op.if, 'void');
  fc.depth++;
  fc.block(scf.IfOp.thenBlock(op), onYield);
  const elseBlock = scf.IfOp.elseBlock(op);
  if (elseBlock) {
    f.op(Op.else);
    fc.block(elseBlock, onYield);
  }
  f.op(Op.end);
  fc.depth--;
}

function whileLoop(fc: WasmFunctionCompiler, op: OpOf<typeof scf.WhileOp>): void {
  const f = fc.body;
  const before = scf.WhileOp.beforeArguments(op);
  const after = scf.WhileOp.afterArguments(op);
  const results = scf.WhileOp.results(op);
  fc.assign(before, scf.WhileOp.inits(op));
  // The condition's values go to the results' locals, which the after block's arguments share.
  results.forEach((r, i) => fc.share(after[i], fc.def(r)));
  f.structured(Op.block, 'void');
  f.structured(Op.loop, 'void');
  fc.depth += 2;
  fc.block(scf.WhileOp.beforeBody(op), (term) => {
    if (!scf.ConditionOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a while condition`);
    fc.checkPoison(term, scf.ConditionOp.condition(term), 'loop condition');
    fc.assign(results, scf.ConditionOp.args(term));
    fc.push(scf.ConditionOp.condition(term));
    f.op(Op.i32_eqz).br(Op.br_if, 1);
  });
  fc.block(scf.WhileOp.afterBody(op), (term) => {
    if (earlyExit(fc, term)) return;
    if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a while body`);
    fc.assign(before, scf.YieldOp.results(term));
  });
  f.br(Op.br, 0);
  f.op(Op.end).op(Op.end);
  fc.depth -= 2;
}

/**
 * An execute_region runs in place (several blocks: the CFG driver's dispatch
 * loop); its yields assign the results. With a token, it is a wasm block that
 * an scf.break leaves after assigning the results.
 */
function executeRegion(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ExecuteRegionOp>): void {
  const region = scf.ExecuteRegionOp.region(op);
  const token = scf.ExecuteRegionOp.token(op);
  const results = scf.ExecuteRegionOp.results(op);
  results.forEach((r) => fc.def(r));
  if (token) {
    fc.body.structured(Op.block, 'void');
    fc.depth++;
    EXITS.set(token, { exit: fc.depth, top: -1, results, iters: [] });
  }
  fc.region(region.blocks, (term) => {
    if (earlyExit(fc, term)) return;
    if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.execute_region`);
    fc.assign(results, scf.YieldOp.results(term));
  });
  if (token) {
    fc.body.op(Op.end);
    fc.depth--;
  }
}

/**
 * The wasm labels of the early-exit targets being compiled, by token: the
 * block an scf.break leaves (`exit`) and, for scf.loop, the loop an
 * scf.continue restarts (`top`), as the nesting depths `fc.depth` had
 * inside them. A loop emitted twice (liveness versioning) sets them again.
 */
const EXITS = new WeakMap<Value, { exit: number; top: number; results: readonly Value[]; iters: readonly Value[] }>();

/** Emits `term` if it is an scf.break or scf.continue (a terminator of any region it may end); false otherwise. */
function earlyExit(fc: WasmFunctionCompiler, term: Operation): boolean {
  const brk = scf.BreakOp.dynCast(term);
  const cont = brk ? undefined : scf.ContinueOp.dynCast(term);
  if (!brk && !cont) return false;
  const token = brk ? scf.BreakOp.token(brk) : scf.ContinueOp.token(cont!);
  const target = EXITS.get(token);
  if (!target) throw new WasmUnsupported(term, `'${term.opName}' here`);
  const values = brk ? scf.BreakOp.results(brk) : scf.ContinueOp.results(cont!);
  if (brk) fc.assign(target.results, values);
  else fc.assign(target.iters, values);
  fc.body.br(Op.br, fc.depth - (brk ? target.exit : target.top));
  return true;
}

/** scf.loop: a wasm loop in a block; its body ends with scf.break or scf.continue (any nested region may too). */
function loopOp(fc: WasmFunctionCompiler, op: OpOf<typeof scf.LoopOp>): void {
  const f = fc.body;
  const results = scf.LoopOp.results(op);
  results.forEach((r) => fc.def(r));
  const iters = scf.LoopOp.regionIterArgs(op);
  fc.assign(iters, scf.LoopOp.initArgs(op));
  f.structured(Op.block, 'void');
  fc.depth++;
  const exit = fc.depth;
  f.structured(Op.loop, 'void');
  fc.depth++;
  EXITS.set(scf.LoopOp.token(op), { exit, top: fc.depth, results, iters });
  fc.block(scf.LoopOp.body(op), (term) => {
    if (!earlyExit(fc, term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.loop`);
  });
  // A body without a terminator continues (wasm needs an explicit branch back).
  f.br(Op.br, 0);
  f.op(Op.end).op(Op.end);
  fc.depth -= 2;
}

function indexSwitch(fc: WasmFunctionCompiler, op: OpOf<typeof scf.IndexSwitchOp>): void {
  const f = fc.body;
  const results = scf.IndexSwitchOp.results(op);
  results.forEach((r) => fc.def(r));
  const onYield = (term: Operation): void => {
    if (earlyExit(fc, term)) return;
    if (!scf.YieldOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending a switch case`);
    fc.assign(results, scf.YieldOp.results(term));
  };
  fc.checkPoison(op, scf.IndexSwitchOp.arg(op), 'switch argument');
  const cases = scf.IndexSwitchOp.cases(op);
  const blocks = scf.IndexSwitchOp.caseBlocks(op);
  // A chain of if/else on the cases, the default in the innermost else.
  cases.forEach((c, i) => {
    fc.push(scf.IndexSwitchOp.arg(op));
    f.i64(BigInt(c)).op(Op.i64_eq).structured(Op.if, 'void');
    fc.depth++;
    fc.block(blocks[i], onYield);
    f.op(Op.else);
  });
  fc.block(scf.IndexSwitchOp.defaultBlock(op), onYield);
  for (let i = 0; i < cases.length; i++) {
    f.op(Op.end);
    fc.depth--;
  }
}

/** scf.parallel as a sequential loop nest; scf.reduce folds each operand into its accumulator in order. */
function parallel(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ParallelOp>): void {
  const f = fc.body;
  const lbs = scf.ParallelOp.lowerBound(op);
  const ubs = scf.ParallelOp.upperBound(op);
  const steps = scf.ParallelOp.step(op);
  const ivs = scf.ParallelOp.inductionVars(op);
  const res = scf.ParallelOp.results(op);
  fc.assign(res, scf.ParallelOp.initVals(op));
  ivs.forEach((_, d) => {
    for (const x of [lbs[d], ubs[d], steps[d]]) fc.checkPoison(op, x, 'loop bound');
    const sc = fc.constInt(steps[d]);
    if (sc !== undefined && sc > 0n) return;
    fc.push(steps[d]);
    f.i64(0n).op(Op.i64_le_s);
    fc.errorIf(op, ErrCode.badStep, () => fc.push(steps[d]));
  });
  ivs.forEach((iv, d) => {
    fc.assign([iv], [lbs[d]]);
    if (fc.nonNegative(lbs[d]) && fc.smallStep(steps[d])) fc.noteBelow(iv, ubs[d]);
    if (ivs.length === 1) vectorizeParallel(fc, op);
    f.structured(Op.block, 'void').structured(Op.loop, 'void');
    fc.depth += 2;
    fc.push(iv);
    fc.push(ubs[d]);
    f.op(Op.i64_ge_s).br(Op.br_if, 1);
  });
  fc.block(scf.ParallelOp.body(op), (term) => {
    const reduce = scf.ReduceOp.dynCast(term);
    if (!reduce) throw new WasmUnsupported(term, `'${term.opName}' ending a parallel loop`);
    const regions = scf.ReduceOp.reductions(reduce);
    scf.ReduceOp.operands(reduce).forEach((x, i) => {
      const blk = regions[i].entry;
      fc.assign(blk.args, [res[i], x]);
      fc.block(blk, (ret) => {
        const rr = scf.ReduceReturnOp.dynCast(ret);
        if (!rr) throw new WasmUnsupported(ret, `'${ret.opName}' ending a reduction`);
        fc.assign([res[i]], [scf.ReduceReturnOp.result(rr)]);
      });
    });
  });
  for (let d = ivs.length - 1; d >= 0; d--) {
    fc.push(ivs[d]);
    fc.push(steps[d]);
    f.op(Op.i64_add);
    fc.pop(ivs[d]);
    f.br(Op.br, 0).op(Op.end).op(Op.end);
    fc.depth -= 2;
  }
}

/** memref.copy between identity-layout memrefs of one static shape: a bulk memory copy. */

/** The dynamic marker of forall's static bounds (ShapedType::kDynamic). */

/**
 * scf.forall (without shared outputs) as a sequential loop nest, as the
 * JavaScript backend runs it. Its body is an allocation scope: the allocas of
 * an iteration are freed at its end (a chain, as alloca_scope's).
 */
function forall(fc: WasmFunctionCompiler, op: OpOf<typeof scf.ForallOp>): void {
  if (scf.ForallOp.outputs(op).length) throw new WasmUnsupported(op, `'${op.opName}' with shared outputs`);
  const f = fc.body;
  let chain: number | undefined;
  op.walk((o) => {
    if (chain === undefined && memref.AllocaOp.isa(o)) chain = f.local('i32');
  });
  if (chain !== undefined) {
    f.i32(0).set(chain);
    fc.allocaScopes.set(op, chain);
  }
  const ivs = scf.ForallOp.inductionVars(op);
  // Each bound: its static value, or its dynamic operand's local.
  const bounds = (stat: readonly bigint[], dyn: readonly Value[]): (() => void)[] => {
    let j = 0;
    return stat.map((c) => {
      if (c !== kDynamicI64) return () => void f.i64(c);
      const v = dyn[j++];
      return () => fc.push(v);
    });
  };
  const lbs = bounds(scf.ForallOp.staticLowerBound(op), scf.ForallOp.dynamicLowerBound(op));
  const ubs = bounds(scf.ForallOp.staticUpperBound(op), scf.ForallOp.dynamicUpperBound(op));
  const steps = bounds(scf.ForallOp.staticStep(op), scf.ForallOp.dynamicStep(op));
  // The bounds and steps are read once, before the loops (steps checked in order, as the JavaScript backend).
  const ub = ivs.map(() => f.local('i64'));
  const st = ivs.map(() => f.local('i64'));
  ivs.forEach((_, d) => {
    ubs[d]();
    f.set(ub[d]);
    steps[d]();
    f.set(st[d]);
    f.get(st[d]).i64(0n).op(Op.i64_le_s);
    fc.errorIf(op, ErrCode.badStep, () => f.get(st[d]));
  });
  ivs.forEach((iv, d) => {
    lbs[d]();
    fc.pop(iv);
    f.structured(Op.block, 'void').structured(Op.loop, 'void');
    fc.depth += 2;
    fc.push(iv);
    f.get(ub[d]).op(Op.i64_ge_s).br(Op.br_if, 1);
  });
  fc.block(scf.ForallOp.body(op), (term) => {
    if (!scf.InParallelOp.isa(term)) throw new WasmUnsupported(term, `'${term.opName}' ending an scf.forall`);
  });
  if (chain !== undefined) freeAllocaChain(fc, chain);
  for (let d = ivs.length - 1; d >= 0; d--) {
    fc.push(ivs[d]);
    f.get(st[d]).op(Op.i64_add);
    fc.pop(ivs[d]);
    f.br(Op.br, 0).op(Op.end).op(Op.end);
    fc.depth -= 2;
  }
}

// Poison: bounds and conditions are checked where the JavaScript backend
// checks them; values moving through iter_args, yields and results keep
// their markers (fc.assign).
const CUSTOM = { custom: true };
implementWasmExec(scf.ForOp, (fc, op) => fc.withCachedLiveness(op, () => forLoop(fc, op)), CUSTOM);
implementWasmExec(scf.IfOp, (fc, op) => ifOp(fc, op), CUSTOM);
implementWasmExec(scf.WhileOp, (fc, op) => fc.withCachedLiveness(op, () => whileLoop(fc, op)), CUSTOM);
implementWasmExec(scf.IndexSwitchOp, (fc, op) => indexSwitch(fc, op), CUSTOM);
implementWasmExec(scf.ExecuteRegionOp, (fc, op) => executeRegion(fc, op), CUSTOM);
implementWasmExec(scf.LoopOp, (fc, op) => fc.withCachedLiveness(op, () => loopOp(fc, op)), CUSTOM);
implementWasmExec(scf.ParallelOp, (fc, op) => fc.withCachedLiveness(op, () => parallel(fc, op)), CUSTOM);
implementWasmExec(scf.ForallOp, (fc, op) => fc.withCachedLiveness(op, () => forall(fc, op)), {
  // The dynamic bounds, dimension by dimension (lower, upper, step), as the JavaScript backend.
  checks: (op) => {
    const [lbs, ubs, steps] = [scf.ForallOp.mixedLowerBound(op), scf.ForallOp.mixedUpperBound(op), scf.ForallOp.mixedStep(op)];
    return lbs.flatMap((_, d) => [lbs[d], ubs[d], steps[d]].filter((x): x is Value => typeof x !== 'bigint').map((x): [Value, string] => [x, 'loop bound']));
  },
});

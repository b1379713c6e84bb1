// MLIR 22's software pipeliner (scf::pipelineForLoop, LoopPipelining.cpp):
// given a schedule (every body op with a stage, in kernel emission order), it
// expands an scf.for into a prologue of maxStage partial iterations, a kernel
// loop running every stage at once (values crossing stages carried as extra
// iteration arguments) and an epilogue of maxStage partial iterations, or,
// without epilogue peeling, a kernel whose early stages are predicated.
// Dynamic bounds (or fewer iterations than stages) predicate the prologue and
// epilogue through the caller's predicate hook.
//
// The ops are created in MLIR's order, through the rewriter (so a pattern
// driver sees the same notifications), which decides SSA numbering and, after
// the driver's folding, where constants land.

import type { Location } from '../../../../ir/location.js';
import type { Operation, OpOperand, Value } from '../../../../ir/operation.js';
import { BlockArgument } from '../../../../ir/operation.js';
import type { Type } from '../../../../ir/attributes.js';
import { IntegerAttr } from '../../../../ir/builtin-attributes.js';
import type { PatternRewriter } from '../../../../ir/pattern.js';
import { emitError, emitOpError } from '../../../../ir/context.js';
import { matchConstantInt } from '../../../../ir/matchers.js';
import type { OpOf } from '../../../../ods/index.js';
import { cloneAt, IRMapping } from '../../../../transforms/clone.js';
import { AddIOp, CmpIOp, CmpIPredicate, ConstantOp, DivSIOp, MaxSIOp, MulIOp, SelectOp, SubIOp } from '../../../arith/index.js';
import { ForOp, YieldOp } from '../../ops.js';
import type { ScheduledOp } from './schedule.js';

type ForLoop = OpOf<typeof ForOp>;

/** Which part of the pipelined loop an op was emitted in (PipeliningOption::PipelinerPart). */
export type PipelinerPart = 'prologue' | 'kernel' | 'epilogue';

/** MLIR's scf::PipeliningOption. */
export interface PipeliningOption {
  /**
   * The schedule of `forOp`'s body: ops in kernel emission order with their
   * stages. Empty: leave the loop alone. Holes (undefined) stand for the
   * unfilled slots of MLIR's vector; the loop is then refused.
   */
  getScheduleFn: (forOp: ForLoop) => readonly (ScheduledOp | undefined)[];
  /** Called on every op emitted, with its part and iteration. */
  annotateFn?: (op: Operation, part: PipelinerPart, iteration: number) => void;
  /** Peel the epilogue (default); otherwise predicate the kernel's early stages. */
  peelEpilogue?: boolean;
  /**
   * Makes `op` run only when `pred` holds; returns the op standing for it
   * (whose results replace op's), or undefined when it cannot.
   */
  predicateFn?: (rewriter: PatternRewriter, op: Operation, pred: Value) => Operation | undefined;
  /** Accept bounds that are not constants (and trip counts below the stage count). */
  supportDynamicLoops?: boolean;
}

export interface PipelineResult {
  /** The kernel loop, when the loop was pipelined. */
  kernel: ForLoop | undefined;
  /** Whether the IR changed (it may have on a late failure, as in MLIR). */
  modifiedIR: boolean;
}

interface LiverangeInfo {
  lastUseStage: number;
  defStage: number;
}

/** Every op nested in `op` (itself last), post-order. */
function postOrder(op: Operation): Operation[] {
  const out: Operation[] = [];
  op.walk((o) => void out.push(o));
  return out;
}

/**
 * Clones `op` and calls `callback` on each operand of the clone and of its
 * nested ops that is defined outside the clone or is a block argument
 * (cloneAndUpdateOperands), visiting the clone first.
 */
function cloneAndUpdateOperands(rewriter: PatternRewriter, op: Operation, callback: (operand: OpOperand) => void): Operation {
  const clone = cloneAt(rewriter, op);
  clone.walk((nested) => {
    for (const operand of nested.operandList) {
      const v = operand.value;
      const def = v.definingOp;
      if ((def && !clone.isAncestorOf(def)) || v instanceof BlockArgument) callback(operand);
    }
  }, 'pre');
  return clone;
}

/** The operands used by `op` and everything nested in it, each once (getNestedOperands). */
function nestedOperands(op: Operation): Value[] {
  const seen = new Set<Value>();
  const out: Value[] = [];
  op.walk((o) => {
    for (const v of o.operands)
      if (!seen.has(v)) {
        seen.add(v);
        out.push(v);
      }
  });
  return out;
}

/** llvm::divideCeilSigned on int64. */
function divideCeilSigned(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return r !== 0n && r > 0n === d > 0n ? q + 1n : q;
}

function toInt64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

class LoopPipeliner {
  forOp!: ForLoop;
  maxStage = 0;
  readonly stages = new Map<Operation, number>();
  opOrder: Operation[] = [];
  ub!: Value;
  lb!: Value;
  step!: Value;
  dynamicLoop = true;
  annotateFn: PipeliningOption['annotateFn'];
  peelEpilogue = true;
  predicateFn: PipeliningOption['predicateFn'];
  /** Versions of each original value in the prologue/epilogue (index: version). */
  valueMapping = new Map<Value, (Value | undefined)[]>();

  constructor(readonly rewriter: PatternRewriter) {}

  private get ctx() {
    return this.rewriter.ctx;
  }
  private get loc(): Location {
    return this.forOp.location;
  }
  private get body() {
    return ForOp.body(this.forOp);
  }
  private get yieldOp(): Operation {
    return ForOp.yieldOp(this.forOp);
  }
  private get yieldOperands(): Value[] {
    return YieldOp.results(YieldOp.cast(this.yieldOp));
  }
  private get iterArgs(): Value[] {
    return ForOp.regionIterArgs(this.forOp);
  }
  private stageOf(op: Operation): number {
    return this.stages.get(op) ?? 0;
  }

  setValueMapping(key: Value, el: Value, idx: number): void {
    let versions = this.valueMapping.get(key);
    if (!versions) this.valueMapping.set(key, (versions = new Array<Value | undefined>(this.maxStage + 1).fill(undefined)));
    versions[idx] = el;
  }
  /** `valueMapping[key][idx]` (DenseMap::operator[] creates the entry). */
  private version(key: Value, idx: number): Value | undefined {
    let versions = this.valueMapping.get(key);
    if (!versions) this.valueMapping.set(key, (versions = []));
    return versions[idx];
  }

  // ---- small builders (each creates exactly one op, as MLIR's create calls)
  private cst(type: Type, v: number | bigint): Value {
    return ConstantOp.build(this.rewriter, { value: IntegerAttr.get(type, BigInt(v)), result: type, location: this.loc }).results[0];
  }
  private addi(lhs: Value, rhs: Value): Value {
    return AddIOp.build(this.rewriter, { lhs, rhs, location: this.loc }).results[0];
  }
  private subi(lhs: Value, rhs: Value): Value {
    return SubIOp.build(this.rewriter, { lhs, rhs, location: this.loc }).results[0];
  }
  private muli(lhs: Value, rhs: Value): Value {
    return MulIOp.build(this.rewriter, { lhs, rhs, location: this.loc }).results[0];
  }
  private cmpi(predicate: number, lhs: Value, rhs: Value): Value {
    return CmpIOp.build(this.rewriter, { predicate, lhs, rhs, location: this.loc }).results[0];
  }
  private select(condition: Value, trueValue: Value, falseValue: Value): Value {
    return SelectOp.build(this.rewriter, { condition, true_value: trueValue, false_value: falseValue, location: this.loc }).results[0];
  }

  initializeLoopInfo(op: ForLoop, options: PipeliningOption): boolean {
    this.forOp = op;
    this.ub = ForOp.upperBound(op);
    this.lb = ForOp.lowerBound(op);
    this.step = ForOp.step(op);

    const schedule = options.getScheduleFn(op);
    if (schedule.length === 0) return false;
    for (const s of schedule) {
      this.maxStage = Math.max(this.maxStage, s?.stage ?? 0);
      // A hole is MLIR's {nullptr, 0}: it never names a body op, so the
      // "not assigned a pipeline stage" check below refuses the loop.
      if (s) {
        this.stages.set(s.op, s.stage);
        this.opOrder.push(s.op);
      }
    }
    const holes = schedule.some((s) => !s);

    this.dynamicLoop = true;
    const ubCst = matchConstantInt(this.ub);
    const lbCst = matchConstantInt(this.lb);
    const stepCst = matchConstantInt(this.step);
    if (ubCst === undefined || lbCst === undefined || stepCst === undefined) {
      if (!options.supportDynamicLoops) return false;
    } else {
      if (stepCst <= 0n) return false;
      const numIteration = divideCeilSigned(toInt64(ubCst - lbCst), stepCst);
      if (numIteration >= BigInt(this.maxStage)) this.dynamicLoop = false;
      else if (!options.supportDynamicLoops) return false;
    }
    this.peelEpilogue = options.peelEpilogue ?? true;
    this.predicateFn = options.predicateFn;
    if ((!this.peelEpilogue || this.dynamicLoop) && !this.predicateFn) return false;

    // All operations need to have a stage.
    for (const o of this.body.ops) {
      if (o === this.yieldOp) continue;
      if (!this.stages.has(o)) {
        emitOpError(this.ctx, o, 'not assigned a pipeline stage');
        return false;
      }
    }
    if (holes) return false;

    if (!this.verifySchedule()) return false;

    // Stages may only be given to ops of the loop body itself.
    for (const o of this.stages.keys()) {
      if (o === this.yieldOp) {
        emitError(this.ctx, o, 'terminator should not be assigned a stage');
        return false;
      }
      if (o.parentBlock !== this.body) {
        emitOpError(this.ctx, o, 'the owning Block of all operations assigned a stage should be the loop body block');
        return false;
      }
    }

    // Loop-carried values must come from an op of the body (distance 1) or
    // from outside the loop.
    for (const v of this.yieldOperands) {
      const def = v.definingOp;
      if (!def || (!this.stages.has(def) && this.forOp.isAncestorOf(def))) return false;
    }
    this.annotateFn = options.annotateFn;
    return true;
  }

  /** The op defining `value` and its distance in iterations (iteration arguments: 1, through the yield). */
  getDefiningOpAndDistance(value: Value): [Operation | undefined, number] {
    let distance = 0;
    if (value instanceof BlockArgument) {
      if (value.owner !== this.body) return [undefined, 0];
      // The induction variable.
      if (value.index === 0) return [undefined, 0];
      distance++;
      value = this.yieldOperands[value.index - 1];
    }
    const def = value.definingOp;
    if (!def) return [undefined, 0];
    return [def, distance];
  }

  /** Every op runs after its operands in the unrolled schedule. */
  verifySchedule(): boolean {
    const numCyclesPerIter = this.opOrder.length;
    const unrolled = new Map<Operation, number>();
    this.opOrder.forEach((op, cycle) => unrolled.set(op, cycle + this.stageOf(op) * numCyclesPerIter));
    for (const consumer of this.opOrder) {
      const consumerCycle = unrolled.get(consumer)!;
      for (const operand of nestedOperands(consumer)) {
        const [producer, distance] = this.getDefiningOpAndDistance(operand);
        if (!producer) continue;
        const producerCycle = unrolled.get(producer);
        if (producerCycle === undefined) continue;
        if (consumerCycle < producerCycle - numCyclesPerIter * distance) {
          emitError(this.ctx, consumer, 'operation scheduled before its operands');
          return false;
        }
      }
    }
    return true;
  }

  emitPrologue(): boolean {
    const rw = this.rewriter;
    const inits = ForOp.initArgs(this.forOp);
    this.iterArgs.forEach((arg, i) => this.setValueMapping(arg, inits[i], 0));
    const yieldOperands = this.yieldOperands;
    const predicates: (Value | undefined)[] = new Array<Value | undefined>(this.maxStage).fill(undefined);
    for (let i = 0; i < this.maxStage; i++) {
      if (this.dynamicLoop) {
        // pred = lb + i * step < ub
        const t = this.ub.type;
        const iv = this.addi(this.lb, this.muli(this.step, this.cst(t, i)));
        predicates[i] = this.cmpi(CmpIPredicate.case.slt, iv, this.ub);
      }
      // The induction variable: lb + i * step.
      const iv = this.addi(this.lb, this.muli(this.step, this.cst(this.lb.type, i)));
      this.setValueMapping(ForOp.inductionVar(this.forOp), iv, i);
      for (const op of this.opOrder) {
        const stage = this.stageOf(op);
        if (stage > i) continue;
        let newOp = cloneAndUpdateOperands(rw, op, (operand) => {
          const versions = this.valueMapping.get(operand.value);
          if (versions) operand.set(versions[i - stage]!);
        });
        const predicateIdx = i - stage;
        const pred = predicates[predicateIdx];
        if (pred) {
          const saved = rw.insertionPoint;
          const p = this.predicateFn!(rw, newOp, pred);
          rw.insertionPoint = saved;
          if (!p) return false;
          newOp = p;
        }
        this.annotateFn?.(newOp, 'prologue', i);
        for (let destId = 0; destId < op.numResults; destId++) {
          let source: Value = newOp.results[destId];
          // A loop-carried value: the next version of its iteration argument.
          yieldOperands.forEach((y, n) => {
            if (y !== op.results[destId]) return;
            if (pred && ForOp.results(this.forOp)[n].hasUses) {
              // Used after the loop: keep the previous version when this iteration does not run.
              const prev = this.version(this.iterArgs[n], i - stage)!;
              source = this.select(pred, source, prev);
            }
            this.setValueMapping(this.iterArgs[n], source, i - stage + 1);
          });
          this.setValueMapping(op.results[destId], newOp.results[destId], i - stage);
        }
      }
    }
    return true;
  }

  analyzeCrossStageValues(): Map<Value, LiverangeInfo> {
    const crossStage = new Map<Value, LiverangeInfo>();
    for (const op of this.opOrder) {
      const stage = this.stageOf(op);
      const analyze = (v: Value): void => {
        const [def, distance] = this.getDefiningOpAndDistance(v);
        if (!def) return;
        const defStage = this.stages.get(def);
        if (defStage === undefined || defStage === stage || defStage === stage + distance) return;
        let info = crossStage.get(v);
        if (!info) crossStage.set(v, (info = { lastUseStage: 0, defStage: 0 }));
        info.defStage = defStage;
        info.lastUseStage = Math.max(info.lastUseStage, stage);
      };
      for (const v of op.operands) analyze(v);
      // visitUsedValuesDefinedAbove(op's regions): nested uses of values from outside op, post-order.
      for (const region of op.regions)
        for (const b of region.blocks)
          for (const o of b.ops)
            for (const nested of postOrder(o))
              for (const v of nested.operands) {
                const vr = v instanceof BlockArgument ? v.owner.parent : v.definingOp?.parentRegion;
                if (vr && vr !== region && !op.isAncestorOf(vr.parentOp!)) analyze(v);
              }
    }
    return crossStage;
  }

  createKernelLoop(crossStage: Map<Value, LiverangeInfo>, loopArgMap: Map<Value, Map<number, number>>): ForLoop {
    const newLoopArg: Value[] = [];
    const inits = ForOp.initArgs(this.forOp);
    this.yieldOperands.forEach((v, i) => {
      const def = v.definingOp!;
      const defStage = this.stages.get(def);
      if (defStage !== undefined) newLoopArg.push(this.version(this.iterArgs[i], this.maxStage - defStage)!);
      else newLoopArg.push(inits[i]);
    });
    for (const [value, info] of crossStage) {
      for (let stageIdx = 0; stageIdx < info.lastUseStage - info.defStage; stageIdx++) {
        newLoopArg.push(this.version(value, this.maxStage - info.lastUseStage + stageIdx)!);
        let m = loopArgMap.get(value);
        if (!m) loopArgMap.set(value, (m = new Map()));
        m.set(info.lastUseStage - info.defStage - stageIdx, newLoopArg.length - 1);
      }
    }
    // Peeling the epilogue takes maxStage iterations off the kernel: ub - maxStage * step.
    let newUb = this.ub;
    if (this.peelEpilogue) {
      const maxStageValue = this.cst(this.ub.type, this.maxStage);
      const maxStageByStep = this.muli(this.step, maxStageValue);
      newUb = this.subi(this.ub, maxStageByStep);
    }
    const newForOp = ForOp.create(this.rewriter, {
      lowerBound: this.lb,
      upperBound: newUb,
      step: this.step,
      initArgs: newLoopArg,
      location: this.loc,
    });
    // The builder's terminator (no iteration arguments) is replaced below.
    const body = ForOp.body(newForOp);
    if (body.last) this.rewriter.eraseOp(body.last);
    return newForOp;
  }

  createKernel(newForOp: ForLoop, crossStage: Map<Value, LiverangeInfo>, loopArgMap: Map<Value, Map<number, number>>): boolean {
    const rw = this.rewriter;
    this.valueMapping.clear();
    const newBody = ForOp.body(newForOp);
    rw.setInsertionPointToStart(newBody);
    const mapping = new IRMapping();
    const iv = ForOp.inductionVar(this.forOp);
    const newIv = ForOp.inductionVar(newForOp);
    const newIterArgs = ForOp.regionIterArgs(newForOp);
    mapping.map(iv, newIv);
    this.iterArgs.forEach((a, i) => mapping.map(a, newIterArgs[i]));
    const predicates: (Value | undefined)[] = new Array<Value | undefined>(this.maxStage + 1).fill(undefined);
    if (!this.peelEpilogue) {
      // A predicate per stage but the last: iv < ub - (maxStage - i) * step.
      for (let i = 0; i < this.maxStage; i++) {
        const c = this.subi(this.ub, this.muli(this.step, this.cst(this.ub.type, this.maxStage - i)));
        predicates[i] = this.cmpi(CmpIPredicate.case.slt, newIv, c);
      }
    }
    const yieldOperands = this.yieldOperands;
    for (const op of this.opOrder) {
      const useStage = this.stageOf(op);
      let newOp = cloneAt(rw, op, mapping);
      // The clone's ops, paired with the original's (same structure, same walk order).
      const originals = postOrder(op);
      const copies = postOrder(newOp);
      const copyOf = new Map<Operation, Operation>();
      originals.forEach((o, k) => copyOf.set(o, copies[k]));
      for (const owner of originals) {
        const nestedNewOp = copyOf.get(owner)!;
        owner.operands.forEach((value, operandNumber) => {
          if (value === iv) {
            // The induction variable, advanced to the iteration this stage works on.
            rw.setInsertionPointBefore(newOp);
            const offset = this.muli(this.step, this.cst(this.step.type, this.maxStage - useStage));
            const shifted = this.addi(newIv, offset);
            nestedNewOp.setOperand(operandNumber, shifted);
            rw.setInsertionPointAfter(newOp);
            return;
          }
          let source = value;
          if (value instanceof BlockArgument && value.owner === this.body) {
            const ret = yieldOperands[value.index - 1];
            const dep = ret.definingOp;
            if (!dep) return;
            const stageDep = this.stages.get(dep);
            if (stageDep === undefined || stageDep === useStage) return;
            // Carried from the next stage: in the kernel it is a direct use.
            if (stageDep === useStage + 1) {
              nestedNewOp.setOperand(operandNumber, mapping.lookupOrDefault(ret));
              return;
            }
            source = ret;
          }
          // Defined in an earlier stage: the iteration argument holding the right version.
          const def = source.definingOp;
          if (!def) return;
          const stageDef = this.stages.get(def);
          if (stageDef === undefined || stageDef === useStage) return;
          const remap = loopArgMap.get(value)?.get(useStage - stageDef);
          if (remap === undefined) throw new Error('pipelineForLoop: no kernel argument for a value crossing stages');
          nestedNewOp.setOperand(operandNumber, newIterArgs[remap]);
        });
      }
      const pred = predicates[useStage];
      if (pred) {
        const saved = rw.insertionPoint;
        const p = this.predicateFn!(rw, newOp, pred);
        rw.insertionPoint = saved;
        if (!p) return false;
        newOp = p;
        op.results.forEach((r, k) => mapping.map(r, newOp.results[k]));
      }
      this.annotateFn?.(newOp, 'kernel', 0);
    }

    // Yield the loop-carried values, then every version of each value crossing stages.
    const newYieldOperands: Value[] = [];
    const forResults = ForOp.results(this.forOp);
    yieldOperands.forEach((y, n) => {
      let source = mapping.lookupOrDefault(y);
      // Without an epilogue, a result used after the loop keeps its value once its stage stops running.
      if (!this.peelEpilogue && forResults[n].hasUses) {
        const def = this.getDefiningOpAndDistance(y)[0];
        if (def) {
          const defStage = this.stages.get(def);
          if (defStage !== undefined && defStage < this.maxStage) {
            const p = predicates[defStage]!;
            source = SelectOp.build(rw, { condition: p, true_value: source, false_value: newBody.args[n + 1], location: p.definingOp?.location ?? this.loc }).results[0];
          }
        }
      }
      newYieldOperands.push(source);
    });
    for (const [value, info] of crossStage) {
      let version = this.maxStage - info.lastUseStage + 1;
      const numVersionReturned = info.lastUseStage - info.defStage;
      for (let i = 1; i < numVersionReturned; i++) {
        this.setValueMapping(value, newForOp.results[newYieldOperands.length], version++);
        newYieldOperands.push(newBody.args[newYieldOperands.length + 1 + 1]);
      }
      this.setValueMapping(value, newForOp.results[newYieldOperands.length], version++);
      newYieldOperands.push(mapping.lookupOrDefault(value));
    }
    yieldOperands.forEach((y, i) => {
      const def = y.definingOp!;
      const defStage = this.stages.get(def);
      if (defStage === undefined) {
        for (let stage = 1; stage <= this.maxStage; stage++) this.setValueMapping(this.iterArgs[i], y, stage);
      } else if (defStage > 0) {
        this.setValueMapping(this.iterArgs[i], newForOp.results[i], this.maxStage - defStage + 1);
      }
    });
    YieldOp.build(rw, { results: newYieldOperands, location: this.loc });
    return true;
  }

  emitEpilogue(returnValues: Value[]): boolean {
    const rw = this.rewriter;
    const t = this.lb.type;
    const createConst = (v: number): Value => this.cst(t, v);
    // total_iterations = (ub - lb + step + (step < 0 ? 1 : -1)) / step
    const zero = createConst(0);
    const one = createConst(1);
    const stepLessZero = this.cmpi(CmpIPredicate.case.slt, this.step, zero);
    const stepDecr = this.select(stepLessZero, one, createConst(-1));
    const rangeDiff = this.subi(this.ub, this.lb);
    const rangeIncrStep = this.addi(rangeDiff, this.step);
    const rangeDecr = this.addi(rangeIncrStep, stepDecr);
    const totalIterations = DivSIOp.build(rw, { lhs: rangeDecr, rhs: this.step, location: this.loc }).results[0];
    // The epilogue starts at max(0, total_iterations - maxStage), matching the prologue's ramp-up.
    let iterI = this.subi(totalIterations, createConst(this.maxStage));
    iterI = MaxSIOp.build(rw, { lhs: zero, rhs: iterI, location: this.loc }).results[0];

    const predicates: (Value | undefined)[] = new Array<Value | undefined>(this.maxStage + 1).fill(undefined);
    const iv = ForOp.inductionVar(this.forOp);
    for (let i = 1; i <= this.maxStage; i++) {
      const newLastIter = this.addi(this.lb, this.muli(this.step, iterI));
      this.setValueMapping(iv, newLastIter, i);
      iterI = this.addi(iterI, one);
      // Dynamic loops: stage i runs only if total_iterations >= i.
      if (this.dynamicLoop) predicates[i] = this.cmpi(CmpIPredicate.case.sge, totalIterations, createConst(i));
    }

    const yieldOperands = this.yieldOperands;
    for (let i = 1; i <= this.maxStage; i++) {
      const returnMap: ([Value, number] | undefined)[] = new Array<[Value, number] | undefined>(returnValues.length).fill(undefined);
      for (const op of this.opOrder) {
        const stage = this.stageOf(op);
        if (stage < i) continue;
        const currentVersion = this.maxStage - stage + i;
        const nextVersion = currentVersion + 1;
        let newOp = cloneAndUpdateOperands(rw, op, (operand) => {
          const versions = this.valueMapping.get(operand.value);
          if (versions) operand.set(versions[currentVersion]!);
        });
        if (this.dynamicLoop) {
          const saved = rw.insertionPoint;
          const p = this.predicateFn!(rw, newOp, predicates[currentVersion]!);
          rw.insertionPoint = saved;
          if (!p) return false;
          newOp = p;
        }
        this.annotateFn?.(newOp, 'epilogue', i - 1);
        op.results.forEach((opRes, k) => {
          const newRes = newOp.results[k];
          this.setValueMapping(opRes, newRes, currentVersion);
          // Loop-carried: the next version of the iteration argument, and the loop's result so far.
          yieldOperands.forEach((y, ri) => {
            if (y !== opRes) return;
            returnValues[ri] = newRes;
            const mapVal = this.iterArgs[ri];
            returnMap[ri] = [mapVal, currentVersion];
            if (nextVersion <= this.maxStage) this.setValueMapping(mapVal, newRes, nextVersion);
          });
        });
      }
      if (this.dynamicLoop) {
        // A stage that does not run leaves the previous value.
        returnValues.forEach((value, ri) => {
          const entry = returnMap[ri];
          if (!entry) return;
          const [mapVal, currentVersion] = entry;
          const prevValue = this.version(mapVal, currentVersion)!;
          const sel = this.select(predicates[currentVersion]!, value, prevValue);
          returnValues[ri] = sel;
          if (currentVersion + 1 <= this.maxStage) this.setValueMapping(mapVal, sel, currentVersion + 1);
        });
      }
    }
    return true;
  }
}

/**
 * MLIR's scf::pipelineForLoop: pipelines `forOp` by `options`' schedule.
 * Refuses (kernel undefined) unsigned loops, non-positive constant steps,
 * dynamic bounds or short trip counts unless supported, ops without a stage
 * or scheduled before their operands (diagnosed), stages given to ops outside
 * the body, and loop-carried values that are not produced by the body or
 * outside the loop.
 */
export function pipelineForLoop(rewriter: PatternRewriter, forOp: ForLoop, options: PipeliningOption): PipelineResult {
  if (ForOp.unsignedCmp(forOp)) return { kernel: undefined, modifiedIR: false };
  const p = new LoopPipeliner(rewriter);
  if (!p.initializeLoopInfo(forOp, options)) return { kernel: undefined, modifiedIR: false };

  if (!p.emitPrologue()) return { kernel: undefined, modifiedIR: true };
  const crossStage = p.analyzeCrossStageValues();
  const loopArgMap = new Map<Value, Map<number, number>>();
  const newForOp = p.createKernelLoop(crossStage, loopArgMap);
  if (!p.createKernel(newForOp, crossStage, loopArgMap)) return { kernel: undefined, modifiedIR: true };

  const returnValues = newForOp.results.slice(0, forOp.numResults);
  if (options.peelEpilogue ?? true) {
    rewriter.setInsertionPointAfter(newForOp);
    if (!p.emitEpilogue(returnValues)) return { kernel: undefined, modifiedIR: true };
  }
  if (forOp.numResults > 0) rewriter.replaceOp(forOp, returnValues);
  else rewriter.eraseOp(forOp);
  return { kernel: newForOp, modifiedIR: true };
}

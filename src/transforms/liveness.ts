// Backward liveness of SSA values (MLIR's dataflow LivenessAnalysis), on top
// of the dead code analysis of the sccp solver: a value is live when an op
// with memory effects (or a terminator) uses it, when a public function
// returns it, when it is a branch or loop condition of an op that matters, or
// when something live is computed from it. Forwarded values (branch operands,
// region branch operands and yields, call arguments and returns) are live
// only if the value they are forwarded to is. Values in code the dead code
// analysis found unreachable are never live.
//
// Like the sccp solver, the transfer functions are swept over the reachable IR
// (backwards, innermost first) until nothing changes.

import { Traits } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  type BranchInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
} from '../ir/interfaces.js';
import type { Operation, Value } from '../ir/operation.js';
import { callableInterface, callInterface, resolveCallable, SymbolScopes, symbolVisibility } from './call-utils.js';
import { successorOperandIndices } from './region-utils.js';
import { ConstantPropagationSolver } from '../analysis/constant-propagation.js';
import { wouldOpBeTriviallyDead, type NestVerdicts } from '../ir/side-effects.js';

export function regionBranchOf(op: Operation): RegionBranchInterface | undefined {
  return getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
}
export function regionTerminatorOf(op: Operation): RegionBranchTerminatorInterface | undefined {
  return getInterface<RegionBranchTerminatorInterface>(op, Interfaces.RegionBranchTerminator);
}
export function branchOf(op: Operation): BranchInterface | undefined {
  return op.numSuccessors ? getInterface<BranchInterface>(op, Interfaces.Branch) : undefined;
}

/** The operand indices of `values` within `op`'s operands: forwarded operands are a trailing run. */
export function operandIndices(op: Operation, values: readonly Value[]): number[] {
  const n = values.length;
  if (!n) return [];
  const list = op.operandList;
  const matchesAt = (start: number): boolean => {
    for (let k = 0; k < n; k++) if (list[start + k]?.value !== values[k]) return false;
    return true;
  };
  let start = list.length - n;
  if (!matchesAt(start)) {
    start = -1;
    for (let s = list.length - n; s >= 0; s--)
      if (matchesAt(s)) {
        start = s;
        break;
      }
    if (start < 0) return [];
  }
  return values.map((_, k) => start + k);
}

/** The successors of a region branch terminator, with nothing known about its operands. */
export function terminatorSuccessors(term: Operation, parent: Operation): RegionSuccessor[] {
  const ti = regionTerminatorOf(term);
  if (ti?.getSuccessorRegions) return ti.getSuccessorRegions(term, term.operands.map(() => undefined));
  return regionBranchOf(parent)?.getSuccessorRegions(parent, term.parentRegion!.index) ?? [];
}

/**
 * For a region branch op: every forwarded operand (of the op itself and of
 * the terminators of its regions) with the successor inputs it flows to.
 */
export function successorOperandInputMapping(op: Operation): Map<Operation, Map<number, Value[]>> {
  const out = new Map<Operation, Map<number, Value[]>>();
  const rb = regionBranchOf(op);
  if (!rb) return out;
  const add = (owner: Operation, idx: number, input: Value): void => {
    let m = out.get(owner);
    if (!m) out.set(owner, (m = new Map()));
    let l = m.get(idx);
    if (!l) m.set(idx, (l = []));
    l.push(input);
  };
  for (const s of rb.getSuccessorRegions(op, 'parent')) {
    const idx = operandIndices(op, rb.getEntrySuccessorOperands(op, s));
    idx.forEach((i, k) => k < s.inputs.length && add(op, i, s.inputs[k]));
  }
  for (const region of op.regions)
    for (const block of region.blocks) {
      const term = block.last;
      if (!term || !term.hasTrait(Traits.IsTerminator)) continue;
      const ti = regionTerminatorOf(term);
      if (!ti) continue;
      for (const s of terminatorSuccessors(term, op)) {
        const idx = operandIndices(term, ti.getSuccessorOperands(term, s));
        idx.forEach((i, k) => k < s.inputs.length && add(term, i, s.inputs[k]));
      }
    }
  return out;
}

export class LivenessAnalysis {
  /** Nearest symbol tables, remembered while the IR is analysed (calls resolve in O(1) at any depth). */
  private readonly symbolScopes = new SymbolScopes();
  readonly dca: ConstantPropagationSolver;
  private readonly live = new Set<Value>();
  /** The IR does not change during the analysis: dead-op verdicts of nests are reused. */
  private readonly removable: NestVerdicts = new Map();
  private changed = false;

  constructor(readonly top: Operation) {
    this.dca = new ConstantPropagationSolver(top);
    this.dca.run();
  }

  isLive(v: Value): boolean {
    return this.live.has(v);
  }

  run(): this {
    do {
      this.changed = false;
      this.visit(this.top);
    } while (this.changed);
    return this;
  }

  private mark(v: Value): void {
    if (!this.live.has(v)) {
      this.live.add(v);
      this.changed = true;
    }
  }

  /**
   * One backward sweep: nested ops before their parent, a region's blocks and
   * a block's ops last first. An explicit stack (the IR may be deeper than
   * the call stack): an op is pushed again, expanded, under its children,
   * which are pushed in forward order so that the last is popped first.
   */
  private visit(top: Operation): void {
    const stack: Operation[] = [top];
    const expanded: boolean[] = [false];
    while (stack.length) {
      const op = stack.pop()!;
      if (expanded.pop()) {
        if (op !== this.top) this.transfer(op);
        continue;
      }
      stack.push(op);
      expanded.push(true);
      for (const region of op.regions)
        for (const block of region.blocks) {
          if (!this.dca.isLive(block)) continue;
          for (let o = block.first; o; o = o.next) {
            stack.push(o);
            expanded.push(false);
          }
        }
    }
  }

  /** An op's own use of its operands: live if it has effects (or is a terminator) or computes something live. */
  private visitDefault(op: Operation, operands: readonly Value[]): void {
    if (!wouldOpBeTriviallyDead(op, this.removable) || op.results.some((r) => this.live.has(r))) for (const v of operands) this.mark(v);
  }

  /** A non-forwarded operand of a branch, region branch op or region terminator. */
  private visitBranchOperand(owner: Operation, v: Value): void {
    const visitOp = regionTerminatorOf(owner) && owner.parentOp && regionBranchOf(owner.parentOp) ? owner.parentOp : owner;
    this.visitDefault(visitOp, [v]);
  }

  /** Region arguments that no operand feeds (induction variables). */
  private visitNonControlFlowArguments(parent: Operation, args: readonly Value[]): void {
    if (!args.length) return;
    this.visitDefault(parent, args);
  }

  private transfer(op: Operation): void {
    const rb = regionBranchOf(op);
    if (rb) return this.visitRegionBranch(op, rb);
    const br = branchOf(op);
    if (br) {
      const accounted = new Set<number>();
      const groups = successorOperandIndices(op, br);
      for (let s = 0; s < op.numSuccessors; s++) {
        const idx = groups[s];
        const dest = op.successor(s);
        idx.forEach((i, k) => {
          accounted.add(i);
          if (k < dest.args.length && this.live.has(dest.args[k])) this.mark(op.operand(i));
        });
      }
      op.operandList.forEach((o, i) => accounted.has(i) || this.visitBranchOperand(op, o.value));
      return;
    }
    const call = callInterface(op);
    if (call) {
      const callable = resolveCallable(op, this.symbolScopes);
      const ci = callable && callableInterface(callable);
      if (callable && ci) {
        const region = ci.getCallableRegion(callable);
        // External callees use every operand. So do public ones here (MLIR
        // lets their unused arguments' values die and then leaves the call
        // with a null operand, as remove-dead-values keeps public signatures).
        if (!region || region.empty || symbolVisibility(callable) === 'public') {
          for (const o of op.operandList) this.mark(o.value);
          return;
        }
        const args = call.getArgOperands(op);
        const idx = operandIndices(op, args);
        const entryArgs = region.entry.args;
        const accounted = new Set<number>();
        idx.forEach((i, k) => {
          if (k >= entryArgs.length) return;
          accounted.add(i);
          if (this.live.has(entryArgs[k])) this.mark(op.operand(i));
        });
        op.operandList.forEach((o, i) => accounted.has(i) || this.mark(o.value));
        return;
      }
    }
    const parent = op.parentOp;
    const ti = regionTerminatorOf(op);
    if (ti && parent && regionBranchOf(parent)) {
      const accounted = new Set<number>();
      for (const s of terminatorSuccessors(op, parent)) {
        const idx = operandIndices(op, ti.getSuccessorOperands(op, s));
        idx.forEach((i, k) => {
          accounted.add(i);
          if (k < s.inputs.length && this.live.has(s.inputs[k])) this.mark(op.operand(i));
        });
      }
      op.operandList.forEach((o, i) => accounted.has(i) || this.visitBranchOperand(op, o.value));
      return;
    }
    if (op.hasTrait(Traits.ReturnLike) && parent && callableInterface(parent)) {
      const sites = this.dca.callSites(parent);
      if (sites && !sites.allKnown) {
        for (const o of op.operandList) this.mark(o.value);
        return;
      }
      for (const c of sites?.ops ?? [])
        op.operandList.forEach((o, i) => {
          if (i < c.numResults && this.live.has(c.result(i))) this.mark(o.value);
        });
      return;
    }
    this.visitDefault(op, op.operands);
  }

  private visitRegionBranch(op: Operation, rb: RegionBranchInterface): void {
    const accounted = new Set<number>();
    for (const s of rb.getSuccessorRegions(op, 'parent')) {
      const idx = operandIndices(op, rb.getEntrySuccessorOperands(op, s));
      idx.forEach((i, k) => {
        accounted.add(i);
        if (k < s.inputs.length && this.live.has(s.inputs[k])) this.mark(op.operand(i));
      });
      if (s.region !== 'parent' && !s.region.empty) {
        const inputs = new Set(s.inputs);
        this.visitNonControlFlowArguments(
          op,
          s.region.entry.args.filter((a) => !inputs.has(a)),
        );
      }
    }
    op.operandList.forEach((o, i) => accounted.has(i) || this.visitBranchOperand(op, o.value));
  }
}

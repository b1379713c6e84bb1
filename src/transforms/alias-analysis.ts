// MLIR's LocalAliasAnalysis (the AliasAnalysis passes get by default): a
// stateless query on two values. Each value is traced back to the values it
// may address (through view-like ops, region control flow and branches, at
// most 10 steps deep); two underlying values do not alias when both are
// allocations, when one is a constant and the other an allocation, when they
// are distinct results of one memref.distinct_objects, or when one is an
// allocation and the other is defined outside the allocation's scope.

import { Traits } from '../ir/context.js';
import {
  Interfaces,
  getInterface,
  type BranchInterface,
  type MemoryEffect,
  type MemoryEffectsInterface,
  type RegionBranchInterface,
  type RegionBranchTerminatorInterface,
  type RegionSuccessor,
} from '../ir/interfaces.js';
import { matchConstant } from '../ir/matchers.js';
import { BlockArgument, OpResult, type Operation, type Region, type Value } from '../ir/operation.js';
import {
  AssumeAlignmentOp,
  CastOp,
  CollapseShapeOp,
  DistinctObjectsOp,
  ExpandShapeOp,
  ExtractStridedMetadataOp,
  MemorySpaceCastOp,
  ReinterpretCastOp,
  ReshapeOp,
  SubViewOp,
  ViewOp,
} from '../dialects/memref/index.js';

export type AliasResult = 'no' | 'may' | 'partial' | 'must';

/** AliasResult::merge: equal results stay, partial with must is partial, anything else may alias. */
export function mergeAlias(a: AliasResult, b: AliasResult): AliasResult {
  if (a === b) return a;
  if ((a === 'partial' && b === 'must') || (a === 'must' && b === 'partial')) return 'partial';
  return 'may';
}

/** How deep the search for underlying values goes. */
const MAX_UNDERLYING_DEPTH = 10;

/** The source of a view-like op (MLIR's ViewLikeOpInterface) when `result` is its view. */
function viewSource(op: Operation, result: Value): Value | undefined {
  // Every memref view-like op's view is its first result.
  if (op.numResults === 0 || op.result(0) !== result) return undefined;
  if (CastOp.isa(op)) return CastOp.source(op);
  if (SubViewOp.isa(op)) return SubViewOp.source(op);
  if (ViewOp.isa(op)) return ViewOp.source(op);
  if (ReinterpretCastOp.isa(op)) return ReinterpretCastOp.source(op);
  if (ReshapeOp.isa(op)) return ReshapeOp.source(op);
  if (ExpandShapeOp.isa(op)) return ExpandShapeOp.src(op);
  if (CollapseShapeOp.isa(op)) return CollapseShapeOp.src(op);
  if (MemorySpaceCastOp.isa(op)) return MemorySpaceCastOp.source(op);
  if (AssumeAlignmentOp.isa(op)) return AssumeAlignmentOp.memref(op);
  if (ExtractStridedMetadataOp.isa(op)) return ExtractStridedMetadataOp.source(op);
  return undefined;
}

function sameSuccessor(a: RegionSuccessor, b: RegionSuccessor): boolean {
  return a.region === b.region;
}

/** Where control may go from the terminator `term` of one of `branch`'s regions. */
function terminatorSuccessors(branch: Operation, iface: RegionBranchInterface, term: Operation): RegionSuccessor[] {
  const t = getInterface<RegionBranchTerminatorInterface>(term, Interfaces.RegionBranchTerminator);
  if (t?.getSuccessorRegions) return t.getSuccessorRegions(term, []);
  return iface.getSuccessorRegions(branch, term.parentRegion!.index);
}

/** RegionBranchOpInterface::getPredecessorValues: what flows into input `index` of `successor`. */
function predecessorValues(branch: Operation, iface: RegionBranchInterface, successor: RegionSuccessor, index: number): Value[] {
  const out: Value[] = [];
  if (iface.getSuccessorRegions(branch, 'parent').some((s) => sameSuccessor(s, successor))) out.push(iface.getEntrySuccessorOperands(branch, successor)[index]);
  for (const region of branch.regions)
    for (const block of region.blocks) {
      const term = block.last;
      if (!term) continue;
      const t = getInterface<RegionBranchTerminatorInterface>(term, Interfaces.RegionBranchTerminator);
      if (!t) continue;
      if (!terminatorSuccessors(branch, iface, term).some((s) => sameSuccessor(s, successor))) continue;
      out.push(t.getSuccessorOperands(term, successor)[index]);
    }
  return out;
}

class UnderlyingValues {
  readonly visited = new Set<Value>();
  readonly output: Value[] = [];

  collect(value: Value, maxDepth: number): void {
    if (this.visited.has(value)) return;
    this.visited.add(value);
    if (maxDepth === 0) {
      this.output.push(value);
      return;
    }
    maxDepth--;
    if (value instanceof BlockArgument) this.collectArgument(value, maxDepth);
    else this.collectResult(value as OpResult, maxDepth);
  }

  private collectResult(result: OpResult, maxDepth: number): void {
    const op = result.owner;
    const source = viewSource(op, result);
    if (source) return this.collect(source, maxDepth);
    const iface = getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch);
    if (iface) return this.collectFromBranch(op, iface, { region: 'parent', inputs: op.results }, result, result.index, maxDepth);
    this.output.push(result);
  }

  private collectArgument(arg: BlockArgument, maxDepth: number): void {
    const block = arg.owner;
    if (!block.isEntryBlock) {
      for (let use = block.firstUse; use; use = use.nextUse) {
        const term = use.owner;
        const branch = getInterface<BranchInterface>(term, Interfaces.Branch);
        if (!branch) {
          this.output.push(arg);
          return;
        }
        const produced = branch.getProducedOperandCount?.(term, use.index) ?? 0;
        const operand = arg.index >= produced ? branch.getSuccessorOperands(term, use.index)[arg.index - produced] : undefined;
        if (!operand) {
          this.output.push(arg);
          return;
        }
        this.collect(operand, maxDepth);
      }
      return;
    }
    const region = block.parent!;
    const op = region.parentOp;
    const iface = op ? getInterface<RegionBranchInterface>(op, Interfaces.RegionBranch) : undefined;
    if (op && iface) {
      const successor = iface.getSuccessorRegions(op, 'parent').find((s) => s.region === region);
      if (successor) return this.collectFromBranch(op, iface, successor, arg, arg.index, maxDepth);
    }
    this.output.push(arg);
  }

  private collectFromBranch(branch: Operation, iface: RegionBranchInterface, successor: RegionSuccessor, input: Value, inputIndex: number, maxDepth: number): void {
    const inputs = successor.inputs;
    if (!inputs.length) {
      this.output.push(input);
      return;
    }
    const indexOf = (v: Value): number => (v instanceof BlockArgument ? v.index : (v as OpResult).index);
    const first = indexOf(inputs[0]);
    const last = indexOf(inputs[inputs.length - 1]);
    if (first > inputIndex || last < inputIndex) {
      this.output.push(input);
      return;
    }
    for (const v of predecessorValues(branch, iface, successor, inputIndex - first)) this.collect(v, maxDepth);
  }
}

function underlyingValues(value: Value): Value[] {
  const u = new UnderlyingValues();
  u.collect(value, MAX_UNDERLYING_DEPTH);
  return u.output;
}

/** MLIR's AutomaticAllocationScope trait (functions, scf.for/parallel/forall, memref.alloca_scope). */
function isAllocationScope(op: Operation): boolean {
  return op.hasTrait(Traits.AutomaticAllocationScope);
}

/** The op's own memory effects, when it declares them (MLIR's MemoryEffectOpInterface). */
function ownEffects(op: Operation): MemoryEffect[] | undefined {
  // Ops with nested effects (scf loops, ...) do not implement the interface in MLIR.
  if (op.hasTrait(Traits.RecursiveMemoryEffects)) return undefined;
  const iface = getInterface<MemoryEffectsInterface>(op, Interfaces.MemoryEffects);
  if (iface) return iface.getEffects(op);
  return op.hasTrait(Traits.Pure) ? [] : undefined;
}

interface Allocation {
  /** The op the allocation does not escape, if one bounds it. */
  scope: Operation | null;
}

/** getAllocEffectFor: the allocation effect on `value`, with its scope. */
function allocationOf(value: Value): Allocation | undefined {
  const op = value instanceof BlockArgument ? value.owner.parentOp : value.definingOp;
  if (!op) return undefined;
  const effect = ownEffects(op)?.find((e) => e.kind === 'allocate' && e.value === value);
  if (!effect) return undefined;
  let scope = op.parentOp;
  if (effect.resource === 'AutomaticAllocationScopeResource') {
    while (scope && !isAllocationScope(scope)) scope = scope.parentOp;
  } else {
    while (scope && getInterface(scope, Interfaces.Callable) === undefined) scope = scope.parentOp;
  }
  return { scope };
}

function parentRegionOf(v: Value): Region | null {
  return v instanceof BlockArgument ? v.owner.parent : (v as OpResult).owner.parentRegion;
}

/** Results of one memref.distinct_objects are distinct, and each is its operand. */
function distinctObjects(lhs: Value, rhs: Value): AliasResult | undefined {
  const l = DistinctObjectsOp.definingOp(lhs);
  if (l && DistinctObjectsOp.operands(l)[(lhs as OpResult).index] === rhs) return 'must';
  const r = DistinctObjectsOp.definingOp(rhs);
  if (r && DistinctObjectsOp.operands(r)[(rhs as OpResult).index] === lhs) return 'must';
  if (l && l === r) return 'no';
  return undefined;
}

function aliasImpl(lhs: Value, rhs: Value): AliasResult {
  if (lhs === rhs) return 'must';
  if (matchConstant(lhs) !== undefined) {
    // Two constants may be the same symbol's address.
    if (matchConstant(rhs) !== undefined) return 'may';
    return allocationOf(rhs) ? 'no' : 'may';
  }
  if (matchConstant(rhs) !== undefined) return allocationOf(lhs) ? 'no' : 'may';
  const distinct = distinctObjects(lhs, rhs);
  if (distinct) return distinct;
  const lAlloc = allocationOf(lhs);
  const rAlloc = allocationOf(rhs);
  if (!!lAlloc === !!rAlloc) return lAlloc ? 'no' : 'may';
  const alloc = (lAlloc ?? rAlloc)!;
  const other = lAlloc ? rhs : lhs;
  if (alloc.scope) {
    // A value defined above the allocation's scope (or one of its entry arguments) cannot be it.
    const otherParent = parentRegionOf(other)?.parentOp;
    if (otherParent) {
      if (otherParent.isProperAncestorOf(alloc.scope)) return 'no';
      if (otherParent === alloc.scope && other instanceof BlockArgument && other.owner.isEntryBlock) return 'no';
    }
  }
  return 'may';
}

/** LocalAliasAnalysis::alias. */
export function alias(lhs: Value, rhs: Value): AliasResult {
  if (lhs === rhs) return 'must';
  const ls = underlyingValues(lhs);
  const rs = underlyingValues(rhs);
  if (!ls.length || !rs.length) return 'may';
  let result: AliasResult | undefined;
  for (const l of ls)
    for (const r of rs) {
      const next = aliasImpl(l, r);
      result = result === undefined ? next : mergeAlias(result, next);
    }
  return result!;
}

/** `!alias(a, b).isNo()`: what passes ask before treating two buffers as independent. */
export function mayAlias(a: Value, b: Value): boolean {
  return alias(a, b) !== 'no';
}

// remove-dead-values: uses the liveness analysis to drop what computes nothing
// live, as MLIR 22's RemoveDeadValues does:
//  - arguments of private functions that are not live (and the matching call
//    operands), and results no call site uses (and the matching return
//    operands and call results);
//  - operands of region branch ops (scf.for/while/if/index_switch inits and
//    yields) forwarded only to dead values or themselves dead: replaced by
//    `ub.poison`, so that the op's canonicalization patterns then drop the
//    iter_args, results and region arguments;
//  - region branch ops without memory effects and live results;
//  - successor operands of cf branches whose value is dead, with the
//    matching block arguments; a branch whose condition is dead (in
//    unreachable code) becomes `ub.unreachable`;
//  - other ops without memory effects and live results, or with a dead operand.
// Everything is decided first and then changed, in a fixed order.

import type { Type } from '../ir/attributes.js';
import { ArrayAttr, DictionaryAttr, TypeAttr } from '../ir/builtin-attributes.js';
import { FunctionType } from '../ir/builtin-types.js';
import { Traits, type Context } from '../ir/context.js';
import { Operation, OpResult, type BlockArgument, type Block, type Value } from '../ir/operation.js';
import { lookupSymbolRefIn } from '../ir/symbol-table.js';
import { Rewriter } from '../ir/builder.js';
import { PoisonOp, UnreachableOp } from '../dialects/ub/index.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { callableInterface, callInterface, isFunctionLike, symbolRefsOf, SymbolScopes, symbolVisibility } from './call-utils.js';
import { collectCanonicalizationPatterns } from './canonicalize.js';
import { applyOpListPatternsGreedily, FrozenPatternSet } from './greedy.js';
import { successorOperandIndices } from './region-utils.js';
import { branchOf, LivenessAnalysis, regionBranchOf, successorOperandInputMapping } from './liveness.js';
import { isMemoryEffectFree, type NestVerdicts } from '../ir/side-effects.js';

interface CleanupList {
  operations: Operation[];
  functions: { fn: Operation; deadArgs: boolean[]; deadRets: boolean[] }[];
  operands: { op: Operation; dead: boolean[]; callee?: Operation; poison?: boolean }[];
  results: { op: Operation; dead: boolean[] }[];
  blocks: { block: Block; dead: boolean[] }[];
  successorOperands: { op: Operation; index: number; dead: boolean[] }[];
}

class DeadValues {
  readonly dead = new Set<Value>();
  readonly list: CleanupList = { operations: [], functions: [], operands: [], results: [], blocks: [], successorOperands: [] };
  private symbolUsers: Map<Operation, Operation[]> | undefined;
  /** Nothing changes while dead values are collected: effect verdicts of nests are reused. */
  private readonly effectFree: NestVerdicts = new Map();

  constructor(
    readonly la: LivenessAnalysis,
    readonly module: Operation,
  ) {}

  live(v: Value): boolean {
    return !this.dead.has(v) && this.la.isLive(v);
  }
  hasLive(values: readonly Value[]): boolean {
    return values.some((v) => this.live(v));
  }
  lives(values: readonly Value[]): boolean[] {
    return values.map((v) => this.live(v));
  }
  markDead(values: readonly Value[], dead: readonly boolean[]): void {
    values.forEach((v, i) => dead[i] && this.dead.add(v));
  }

  /** Every op holding a reference that resolves to `symbol` (computed once, before any change). */
  usersOf(symbol: Operation): Operation[] {
    if (!this.symbolUsers) {
      const map = new Map<Operation, Operation[]>();
      // lookupNearestSymbolFrom, with the nearest tables remembered on the way
      // up (nothing changes yet): a deep nest's calls do not each walk to the top.
      const scopes = new SymbolScopes();
      this.module.walk((op) => {
        const refs = symbolRefsOf(op);
        if (!refs.length) return;
        const table = scopes.nearest(op.hasTrait(Traits.SymbolTable) ? op.parentOp ?? op : op);
        for (const ref of refs) {
          const target = table && lookupSymbolRefIn(table, ref);
          if (!target) continue;
          let l = map.get(target);
          if (!l) map.set(target, (l = []));
          if (!l.includes(op)) l.push(op);
        }
      });
      this.symbolUsers = map;
    }
    return this.symbolUsers.get(symbol) ?? [];
  }

  processSimpleOp(op: Operation): void {
    const deadOperand = op.operandList.some((o) => !this.live(o.value));
    if (!deadOperand && (!isMemoryEffectFree(op, this.effectFree) || this.hasLive(op.results))) return;
    this.list.operations.push(op);
    for (const r of op.results) this.dead.add(r);
  }

  processFuncOp(fn: Operation): void {
    const region = callableInterface(fn)!.getCallableRegion(fn);
    if (symbolVisibility(fn) === 'public' || !region) return;
    const users = this.usersOf(fn);
    if (users.some((u) => !callInterface(u))) return;
    const args = region.entry.args;
    const deadArgs = args.map((a) => !this.live(a));
    this.markDead(args, deadArgs);
    for (const call of users) this.list.operands.push({ op: call, dead: call.operands.map(() => false), callee: fn });
    const numReturns = ((fn.getAttr('function_type') as TypeAttr).value as FunctionType).results.length;
    const deadRets = new Array<boolean>(numReturns).fill(true);
    for (const call of users) this.lives(call.results).forEach((l, i) => l && i < numReturns && (deadRets[i] = false));
    for (const block of region.blocks) {
      const ret = block.last;
      if (!ret || !ret.hasTrait(Traits.ReturnLike)) continue;
      if (ret.numOperands === numReturns) this.list.operands.push({ op: ret, dead: deadRets });
    }
    this.list.functions.push({ fn, deadArgs, deadRets });
    if (!numReturns) return;
    for (const call of users) {
      this.list.results.push({ op: call, dead: deadRets });
      this.markDead(call.results, deadRets);
    }
  }

  processRegionBranchOp(op: Operation): void {
    if (isMemoryEffectFree(op, this.effectFree) && !this.hasLive(op.results)) {
      this.list.operations.push(op);
      return;
    }
    const perOp = new Map<Operation, boolean[]>();
    for (const [owner, inputsByIndex] of successorOperandInputMapping(op))
      for (const [i, inputs] of inputsByIndex) {
        const v = owner.operand(i);
        if (this.live(v) && this.hasLive(inputs)) continue;
        let dead = perOp.get(owner);
        if (!dead) perOp.set(owner, (dead = owner.operandList.map(() => false)));
        dead[i] = true;
      }
    for (const [owner, dead] of perOp) this.list.operands.push({ op: owner, dead, poison: true });
  }

  processBranchOp(op: Operation): void {
    const br = branchOf(op)!;
    const forwarded = new Set<number>();
    const groups = successorOperandIndices(op, br);
    for (const idx of groups) for (const i of idx) forwarded.add(i);
    if (op.operandList.some((o, i) => !forwarded.has(i) && !this.live(o.value))) {
      this.list.operations.push(op);
      return;
    }
    for (let s = 0; s < op.numSuccessors; s++) {
      const values = groups[s].map((i) => op.operand(i));
      const dead = values.map((v) => !this.live(v));
      const block = op.successor(s);
      this.markDead(block.args.slice(0, dead.length), dead);
      this.list.blocks.push({ block, dead });
      this.list.successorOperands.push({ op, index: s, dead });
    }
  }
}

function dropAllUses(v: Value): void {
  for (const u of [...v.uses()]) u.unlink();
}

/** Removes arguments and results of a func-like op (its type, argument/result attributes and entry block). */
function eraseFunctionArgsAndResults(fn: Operation, deadArgs: readonly boolean[], deadRets: readonly boolean[]): void {
  const type = (fn.getAttr('function_type') as TypeAttr).value as FunctionType;
  const keep = <T>(xs: readonly T[], dead: readonly boolean[]): T[] => xs.filter((_, i) => !dead[i]);
  const inputs: Type[] = keep(type.inputs, deadArgs);
  const results: Type[] = keep(type.results, deadRets);
  if (inputs.length === type.inputs.length && results.length === type.results.length) return;
  fn.setAttr('function_type', TypeAttr.get(FunctionType.get(inputs, results)));
  for (const [name, dead] of [
    ['arg_attrs', deadArgs],
    ['res_attrs', deadRets],
  ] as const) {
    const a = fn.getAttr(name);
    if (!(a instanceof ArrayAttr)) continue;
    const kept = keep(a.elements, dead);
    if (kept.every((d) => d instanceof DictionaryAttr && d.entries.length === 0)) fn.removeAttr(name);
    else fn.setAttr(name, ArrayAttr.get(kept));
  }
  const body = callableInterface(fn)!.getCallableRegion(fn);
  if (!body || body.empty) return;
  const entry = body.entry;
  for (let i = deadArgs.length - 1; i >= 0; i--)
    if (deadArgs[i] && i < entry.args.length) {
      dropAllUses(entry.args[i]);
      entry.eraseArgument(i);
    }
}

/** A copy of `op` without the results marked dead (regions moved over); uses of kept results follow. */
function eraseOpResults(op: Operation, dead: readonly boolean[]): Operation {
  if (!dead.some((d) => d)) return op;
  for (let i = 0; i < op.numResults; i++) if (dead[i]) dropAllUses(op.result(i));
  const copy = new Operation({
    name: op.name,
    location: op.location,
    operands: op.operands,
    resultTypes: op.resultTypes.filter((_, i) => !dead[i]),
    properties: new Map(op.propertiesView),
    opaqueProperties: op.opaqueProperties,
    attributes: new Map(op.attributesView),
    successors: op.successors,
    regions: op.regions.length,
  });
  op.parentBlock!.insertAfter(copy, op);
  op.regions.forEach((r, i) => copy.regions[i].takeBody(r));
  let k = 0;
  op.results.forEach((r, i) => {
    if (!dead[i]) r.replaceAllUsesWith(copy.result(k++));
  });
  op.erase();
  return copy;
}

function cleanUp(ctx: Context, list: CleanupList): void {
  const poisons = new Set<Operation>();
  const rewriter = new Rewriter(ctx);
  // 1. Block arguments (a block reached from several branches: the first decides).
  for (const { block, dead } of list.blocks) {
    if (block.args.length !== dead.length) continue;
    for (let i = dead.length - 1; i >= 0; i--)
      if (dead[i]) {
        dropAllUses(block.args[i]);
        block.eraseArgument(i);
      }
  }
  // 2. Successor operands.
  for (const { op, index, dead } of list.successorOperands) {
    const br = branchOf(op)!;
    const ops = br.getSuccessorOperands(op, index);
    if (ops.length !== dead.length || !dead.some((d) => d)) continue;
    br.setSuccessorOperands!(
      op,
      index,
      ops.filter((_, i) => !dead[i]),
    );
  }
  // 3. Functions.
  const erasedArgs = new Map<Operation, boolean[]>();
  for (const { fn, deadArgs, deadRets } of list.functions) {
    eraseFunctionArgsAndResults(fn, deadArgs, deadRets);
    if (deadArgs.some((d) => d)) erasedArgs.set(fn, deadArgs);
  }
  // 4. Operands: call arguments of changed callees, dead returns, poisoned forwarded values.
  for (const o of list.operands) {
    const call = o.callee && callInterface(o.op);
    if (call && o.callee) {
      const deadArgs = erasedArgs.get(o.callee);
      if (deadArgs) {
        const args = call.getArgOperands(o.op);
        const kept = args.filter((_, i) => !deadArgs[i]);
        if (call.setArgOperands) call.setArgOperands(o.op, kept);
        continue;
      }
    }
    if (!o.dead.some((d) => d)) continue;
    if (o.poison) {
      rewriter.setInsertionPointBefore(o.op);
      o.dead.forEach((d, i) => {
        if (!d) return;
        const v = o.op.operand(i);
        const p = PoisonOp.build(rewriter, { result: v.type, location: v.definingOp?.location ?? (v as BlockArgument).location });
        poisons.add(p);
        o.op.setOperand(i, PoisonOp.result(p));
      });
    } else {
      o.op.setOperands(o.op.operands.filter((_, i) => !o.dead[i]));
    }
  }
  // 5. Results of calls.
  const replaced = new Map<Operation, Operation>();
  for (const r of list.results) {
    const op = replaced.get(r.op) ?? r.op;
    const copy = eraseOpResults(op, r.dead);
    if (copy !== op) replaced.set(r.op, copy);
  }
  // 6. Operations (a terminator leaves `ub.unreachable` behind).
  for (const original of list.operations) {
    const op = replaced.get(original) ?? original;
    if (!op.parentBlock) continue;
    if (op.hasTrait(Traits.IsTerminator)) {
      rewriter.setInsertionPointBefore(op);
      UnreachableOp.build(rewriter, { location: op.location });
    }
    for (const r of op.results) dropAllUses(r);
    op.walk((n) => {
      if (n !== op) poisons.delete(n);
    });
    op.erase();
  }
  // 7. Poison no longer used.
  for (const p of poisons) if (p.parentBlock && !p.hasUses) p.erase();
}

function isDangling(v: Value): boolean {
  if (v instanceof OpResult) return !v.owner.parentBlock;
  const a = v as BlockArgument;
  return a.owner.args[a.index] !== a || !a.owner.parent;
}

/**
 * Unreachable code can keep uses of values whose definitions went (MLIR
 * leaves null operands there): such operands become `ub.poison`, so that the
 * IR stays valid. Reachable code never needs this.
 */
function poisonDanglingOperands(ctx: Context, root: Operation): void {
  const rewriter = new Rewriter(ctx);
  root.walk((op) => {
    op.operandList.forEach((o, i) => {
      if (!isDangling(o.value)) return;
      rewriter.setInsertionPointBefore(op);
      op.setOperand(i, PoisonOp.result(PoisonOp.build(rewriter, { result: o.value.type, location: op.location })));
    });
  });
}

export const RemoveDeadValuesInfo: PassInfo = {
  argument: 'remove-dead-values',
  name: 'RemoveDeadValues',
  description: 'Remove dead values',
  options: [{ name: 'canonicalize', kind: 'bool', description: 'Canonicalize region branch ops', default: true }],
  create: () => new RemoveDeadValues(),
};

class RemoveDeadValues extends Pass {
  private patterns: FrozenPatternSet | undefined;
  constructor() {
    super(RemoveDeadValuesInfo);
  }
  override initialize(ctx: Context): void {
    this.patterns = new FrozenPatternSet(collectCanonicalizationPatterns(ctx));
  }
  runOnOperation(module: Operation, run: PassRun): void {
    const la = new LivenessAnalysis(module).run();
    const dv = new DeadValues(la, module);
    module.walk((op) => {
      if (isFunctionLike(op)) dv.processFuncOp(op);
      else if (regionBranchOf(op)) dv.processRegionBranchOp(op);
      else if (branchOf(op)) dv.processBranchOp(op);
      else if (op.hasTrait(Traits.IsTerminator)) return;
      else if (callInterface(op)) return;
      else dv.processSimpleOp(op);
    });
    cleanUp(run.ctx, dv.list);
    poisonDanglingOperands(run.ctx, module);
    if (!this.options.bool('canonicalize')) return;
    const ops: Operation[] = [];
    module.walk((op) => {
      if (regionBranchOf(op)) ops.push(op);
    });
    if (ops.length) applyOpListPatternsGreedily(run.ctx, ops, this.patterns!);
  }
}

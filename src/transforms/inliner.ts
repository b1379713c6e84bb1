// inline: inlines calls to callables (through the CallOp / Callable
// interfaces) bottom-up over the strongly connected components of the call
// graph. Each callable is first simplified with the optimizer pipeline
// (canonicalize by default), then the calls in it are inlined, and the two
// steps repeat until nothing more inlines (at most max-iterations times).
// Private callables found dead (see runOnOperation) are erased at the end.

import type { Context } from '../ir/context.js';
import { Traits, emitOpError } from '../ir/context.js';
import { StringAttr } from '../ir/builtin-attributes.js';
import type { Block, Operation, Region, Value } from '../ir/operation.js';
import { Block as BlockCtor, Region as RegionCtor } from '../ir/operation.js';
import { BranchOp } from '../dialects/cf/index.js';
import { Builder } from '../ir/builder.js';
import { initializePassManager, OpPassManager, runInitializedPassManager } from '../passes/pass-manager.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { parsePipelineInto } from '../passes/pipeline.js';
import { callableInterface, callInterface, getSymbolUsesWithNested, isSymbol, resolveCallable, SymbolScopes, symbolRefsOf, symbolVisibility, type SymbolUse } from './call-utils.js';
import { nearestSymbolTable } from '../ir/symbol-table.js';
import { cloneRegionInto, IRMapping } from './clone.js';
import { CallSiteLoc, UnknownLoc, type Location } from '../ir/location.js';

/**
 * Whether `op` (and every op nested in it) may be inlined into `dest`, the
 * call's region: each op's dialect decides (`Dialect.isLegalToInline`).
 */
function isLegalToInlineOp(ctx: Context, op: Operation, dest: Region): boolean {
  if (!op.isRegistered) return false;
  const dialect = ctx.getDialect(op.name.dialectName);
  if (!dialect?.isLegalToInline?.(op, dest)) return false;
  for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) if (!isLegalToInlineOp(ctx, o, dest)) return false;
  return true;
}

/** Work counts, for tests that check the inliner's cost grows linearly. */
export const inlinerStats = { usesTallied: 0 };

interface CGNode {
  callable: Operation;
  region: Region;
  /** Callables called from this one (resolved direct calls), with repetition. */
  edges: CGNode[];
}

/** The call graph of the callables nested in `root` (callables with a body). */
function buildCallGraph(root: Operation): Map<Operation, CGNode> {
  const nodes = new Map<Operation, CGNode>();
  root.walk((op) => {
    const ci = callableInterface(op);
    const region = ci?.getCallableRegion(op);
    if (ci && region) nodes.set(op, { callable: op, region, edges: [] });
  }, 'pre');
  // Pre-order over each callable's body with an explicit stack (nests may be
  // deeper than the JavaScript stack): the edges keep the recursive order.
  const cursors: Operation[] = [];
  // Nothing changes while the graph is built: nearest symbol tables are remembered.
  const scopes = new SymbolScopes();
  for (const node of nodes.values()) {
    const pushRegion = (region: Region): void => {
      for (let i = region.blocks.length - 1; i >= 0; i--) {
        const first = region.blocks[i].first;
        if (first) cursors.push(first);
      }
    };
    pushRegion(node.region);
    while (cursors.length) {
      const o = cursors.pop()!;
      if (o.next) cursors.push(o.next);
      if (callInterface(o)) {
        const target = resolveCallable(o, scopes);
        const t = target && nodes.get(target);
        if (t) node.edges.push(t);
      }
      // Nested callables are their own nodes.
      if (!nodes.has(o)) for (let r = o.regions.length - 1; r >= 0; r--) pushRegion(o.regions[r]);
    }
  }
  return nodes;
}

/** Tarjan's SCCs in post-order (callees before callers). */
function sccsPostOrder(nodes: Map<Operation, CGNode>): CGNode[][] {
  const index = new Map<CGNode, number>();
  const low = new Map<CGNode, number>();
  const onStack = new Set<CGNode>();
  const stack: CGNode[] = [];
  const out: CGNode[][] = [];
  let counter = 0;
  const strong = (v: CGNode): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of v.edges) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: CGNode[] = [];
      let w: CGNode;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      out.push(scc);
    }
  };
  for (const n of nodes.values()) if (!index.has(n)) strong(n);
  return out;
}

/** A callable whose calls are being inlined, with what its calls share. */
interface CallerSite {
  node: CGNode;
  /** Its calls, found before any is inlined. */
  calls: Operation[];
  scopes: SymbolScopes;
  /** Whether a call is inside the callee's body. */
  calleeHolds: (call: Operation, target: CGNode) => boolean;
  /** The symbol table every call here resolves from (null: some may not). */
  callerTable: Operation | undefined | null;
}

function callerSite(n: CGNode, nodes: Map<Operation, CGNode>): CallerSite {
  const calls: Operation[] = [];
  let nestedCallable = false;
  let nestedTable = false;
  n.region.parentOp!.walk((o) => {
    if (o === n.callable) return;
    if (callInterface(o)) calls.push(o);
    if (nodes.has(o)) nestedCallable = true;
    if (o.hasTrait(Traits.SymbolTable)) nestedTable = true;
  });
  // Inlining these calls neither moves ops across symbol tables nor changes
  // the regions above the other calls: both are remembered (a deep nest's
  // calls do not each walk to the top).
  const above = new Set<Region>();
  for (let r: Region | null = n.region; r; r = r.parentOp?.parentRegion ?? null) above.add(r);
  return {
    node: n,
    calls,
    scopes: new SymbolScopes(),
    calleeHolds: (call, target) => (nestedCallable ? target.region.isAncestorOf(call.parentRegion!) : above.has(target.region)),
    callerTable: nestedTable ? null : nearestSymbolTable(n.callable),
  };
}

/**
 * Inlines `callee`'s body at `call` (which is erased); returns false if it
 * cannot. `inlined`, if given, receives the ops of each inlined block, in
 * block order (as they were cloned, before the entry block joins the call's).
 */
export function inlineCall(ctx: Context, call: Operation, callee: Operation, region: Region, inlined?: Operation[][]): boolean {
  const args = callInterface(call)!.getArgOperands(call);
  const entry = region.entry;
  if (entry.args.length !== args.length) return false;
  const mapping = new IRMapping();
  entry.args.forEach((a, i) => mapping.map(a, args[i]));
  const block = call.parentBlock!;
  const dest = block.parent!;
  const results = call.results;
  if (region.blocks.length === 1) {
    // One block: its ops go right before the call, with no split (moving the
    // rest of the block out and back per call is quadratic in a long block).
    const [only] = cloneRegionInto(region, new RegionCtor(), null, mapping);
    remapInlinedLocations([only], call.location);
    const term = only.last!;
    results.forEach((r, i) => r.replaceAllUsesWith(term.operand(i)));
    term.erase();
    if (inlined) inlined.push(opsOf(only));
    for (let o = only.first; o; ) {
      const next = o.next;
      o.remove();
      block.insertBefore(o, call);
      o = next;
    }
    call.erase();
    return true;
  }
  // Split after the call; the callee's blocks go in between.
  const post = new BlockCtor();
  dest.insertBlockAfter(post, block);
  for (let o = call.next; o; ) {
    const next = o.next;
    o.remove();
    post.append(o);
    o = next;
  }
  // Several blocks (one is handled above): returns branch to the rest of the block.
  const cloned = cloneRegionInto(region, dest, post, mapping);
  remapInlinedLocations(cloned, call.location);
  const first = cloned[0];
  if (inlined) for (const nb of cloned) inlined.push(opsOf(nb));
  results.forEach((r) => r.replaceAllUsesWith(post.addArgument(r.type, call.location)));
  const b = new Builder(ctx);
  for (const nb of cloned) {
    const term = nb.last;
    if (!term || !term.hasTrait(Traits.ReturnLike)) continue;
    b.setInsertionPointBefore(term);
    BranchOp.create(b, post, term.operands, term.location);
    term.erase();
  }
  // Splice the inlined entry block into the call's block.
  for (let o = first.first; o; ) {
    const next = o.next;
    o.remove();
    block.append(o);
    o = next;
  }
  first.erase();
  call.erase();
  return true;
}

/**
 * Gives every inlined op and block argument (nested ones too) the location
 * `callsite(<its location> at <the call's>)`, as MLIR's inliner does, unless
 * the call's location is unknown. A location that is already a call-site
 * chain gets the call appended at its outermost caller.
 */
function remapInlinedLocations(blocks: readonly Block[], callLoc: Location): void {
  if (callLoc instanceof UnknownLoc) return;
  const remapped = new Map<Location, Location>();
  const remap = (loc: Location): Location => {
    let to = remapped.get(loc);
    if (to === undefined) remapped.set(loc, (to = stackCallSite(loc, callLoc)));
    return to;
  };
  const remapArgs = (b: Block): void => {
    for (const a of b.args) a.location = remap(a.location);
  };
  for (const b of blocks) {
    remapArgs(b);
    for (let o = b.first; o; o = o.next) {
      o.walk((n) => {
        n.location = remap(n.location);
        for (const r of n.regions) for (let nb = r.firstBlock; nb; nb = nb.nextBlock) remapArgs(nb);
        return 'advance';
      }, 'pre');
    }
  }
}

function stackCallSite(callee: Location, caller: Location): Location {
  const chain: CallSiteLoc[] = [];
  let innermost = callee;
  while (innermost instanceof CallSiteLoc) {
    chain.push(innermost);
    innermost = innermost.caller;
  }
  let loc = CallSiteLoc.get(innermost, caller);
  for (let i = chain.length - 1; i >= 0; i--) loc = CallSiteLoc.get(chain[i].callee, loc);
  return loc;
}

function opsOf(block: Block): Operation[] {
  const out: Operation[] = [];
  for (let o = block.first; o; o = o.next) out.push(o);
  return out;
}

/**
 * The calls in freshly inlined blocks, in the order MLIR's inliner collects
 * them (collectCallOps): blocks taken from a stack (the last first), each
 * block's calls in order, the regions of its other ops pushed to the stack.
 */
function collectInlinedCalls(blocks: readonly Operation[][], out: Operation[]): void {
  const stack: (Operation[] | Block)[] = [...blocks];
  while (stack.length) {
    const item = stack.pop()!;
    const ops = Array.isArray(item) ? item : opsOf(item);
    for (const op of ops) {
      if (callInterface(op)) {
        out.push(op);
        continue;
      }
      for (const r of op.regions) for (const b of r.blocks) stack.push(b);
    }
  }
}

export const InlinerInfo: PassInfo = {
  argument: 'inline',
  name: 'Inliner',
  description: 'Inline function calls',
  options: [
    {
      name: 'default-pipeline',
      kind: 'string',
      description: 'The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList',
      default: 'canonicalize',
    },
    {
      name: 'op-pipelines',
      kind: 'string-list',
      description: 'Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)',
    },
    { name: 'max-iterations', kind: 'uint', description: 'Maximum number of iterations when inlining within an SCC', default: 4n },
    {
      name: 'inlining-threshold',
      kind: 'uint',
      description:
        'If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it',
      default: 4294967295n,
    },
  ],
  create: () => new Inliner(),
};

function countOps(region: Region): number {
  let n = 0;
  for (const b of region.blocks) for (let o = b.first; o; o = o.next) o.walk(() => void n++);
  return n;
}

class Inliner extends Pass {
  private readonly pipelines = new Map<string, OpPassManager>();
  constructor() {
    super(InlinerInfo);
  }

  private pipelineFor(op: Operation): OpPassManager | undefined {
    const name = op.name.name;
    let pm = this.pipelines.get(name);
    if (pm) return pm;
    let text = this.options.string('default-pipeline');
    for (const entry of this.options.list('op-pipelines')) {
      const open = entry.indexOf('(');
      if (open > 0 && entry.slice(0, open).trim() === name) text = entry.slice(open + 1, entry.lastIndexOf(')'));
    }
    pm = new OpPassManager(name, 'implicit');
    if (text.trim()) parsePipelineInto('scf-opt', text, pm);
    this.pipelines.set(name, pm);
    return pm;
  }

  runOnOperation(root: Operation, run: PassRun): void {
    const ctx = run.ctx;
    if (!root.hasTrait(Traits.SymbolTable)) {
      emitOpError(ctx, root, ' was scheduled to run under the inliner, but does not define a symbol table');
      return run.signalPassFailure();
    }
    const maxIterations = Number(this.options.int('max-iterations'));
    const threshold = Number(this.options.int('inlining-threshold'));
    const nodes = buildCallGraph(root);
    const deleted = new Set<Operation>();
    // Symbol uses of each callable from anywhere in the root, nested symbol
    // tables included (a call there may name a callable here): calls count
    // for the callable they resolve to, other references by name. Kept up to
    // date as calls are inlined (inliningChange); taken again after a
    // simplification, or where an inlined copy cannot be counted in.
    type UseCounts = { byTarget: Map<Operation, number>; byName: Map<string, number> };
    let counts: UseCounts | null | undefined;
    // Adds `sign` for each use to `into`: a call counts for the callable it
    // resolves to (when it names it), any other reference by name.
    // `scopes` caches the tables found above ops (a deep nest walks up once).
    const tally = (uses: readonly SymbolUse[], into: UseCounts, sign: number, scopes: SymbolScopes): void => {
      inlinerStats.usesTallied += uses.length;
      for (const use of uses)
        if (callInterface(use.user)) {
          const t = resolveCallable(use.user, scopes);
          const tName = t?.getAttr('sym_name');
          if (t && tName instanceof StringAttr && tName.value === use.ref.leaf) into.byTarget.set(t, (into.byTarget.get(t) ?? 0) + sign);
        } else into.byName.set(use.ref.leaf, (into.byName.get(use.ref.leaf) ?? 0) + sign);
    };
    const countUses = (): typeof counts => {
      const uses = getSymbolUsesWithNested(root.regions);
      if (!uses) return null;
      const c: UseCounts = { byTarget: new Map(), byName: new Map() };
      tally(uses, c, 1, new SymbolScopes());
      return c;
    };
    // The change inlining `call` (calling `callee`) makes to the counts: the
    // call's own references go, a copy of the callee's body's come. Known
    // only when the copy resolves its references as the body does (the call
    // and the callee share their symbol table, and the body holds none):
    // otherwise undefined, and the counts are taken again. MLIR's inliner
    // keeps its use lists up to date the same way; recounting the whole root
    // after each inlined call made a deep nest of calls quadratic.
    const inliningChange = (call: Operation, callee: CGNode, callerTable: Operation | undefined | null, scopes: SymbolScopes): UseCounts | undefined => {
      if (callerTable === null || callerTable !== nearestSymbolTable(callee.callable)) return undefined;
      const body = getSymbolUsesWithNested([callee.region]);
      if (!body) return undefined;
      let holdsTable = false;
      for (const b of callee.region.blocks)
        for (let top = b.first; top && !holdsTable; top = top.next)
          top.walk((o) => {
            if (o.hasTrait(Traits.SymbolTable)) holdsTable = true;
          });
      if (holdsTable) return undefined;
      const change: UseCounts = { byTarget: new Map(), byName: new Map() };
      tally(body, change, 1, new SymbolScopes());
      tally(symbolRefsOf(call).map((ref) => ({ user: call, ref })), change, -1, scopes);
      return change;
    };
    // Adds (sign 1) or takes out (-1) the uses held in `n`'s body; false if
    // they cannot be known (the counts must then be taken again).
    const retally = (n: CGNode, sign: number): boolean => {
      const uses = getSymbolUsesWithNested([n.region]);
      if (!uses || !counts) return false;
      tally(uses, counts, sign, new SymbolScopes());
      return true;
    };
    const initialized = new Set<OpPassManager>();
    const useCount = (callable: Operation): number => {
      const name = callable.getAttr('sym_name');
      if (counts === undefined) counts = countUses();
      if (!(name instanceof StringAttr) || !counts) return 1;
      return (counts.byTarget.get(callable) ?? 0) + (counts.byName.get(name.value) ?? 0);
    };
    const isDead = (callable: Operation): boolean => isSymbol(callable) && symbolVisibility(callable) !== 'public' && useCount(callable) === 0;
    // As MLIR's inliner, a callable is found dead only at two points: when
    // its own SCC is visited (after that SCC's simplification, each
    // iteration), or when its last call is inlined. A callable whose calls
    // vanish later, while a caller is simplified, is kept.
    for (const scc of sccsPostOrder(nodes)) {
      for (let it = 0; it < maxIterations; it++) {
        for (const n of scc) {
          if (deleted.has(n.callable)) continue;
          const pm = this.pipelineFor(n.callable);
          if (pm && pm.size) {
            if (!initialized.has(pm)) {
              initializePassManager(ctx, pm);
              initialized.add(pm);
            }
            // The pipeline changes only the callable's body: its uses are
            // taken out of the counts before and counted in again after (as
            // MLIR's CGUseList recomputes one node), not the whole root.
            if (counts && !retally(n, -1)) counts = undefined;
            if (!runInitializedPassManager(ctx, pm, n.callable, { verifyEach: false, instrumentations: [] })) return run.signalPassFailure();
            if (counts && !retally(n, 1)) counts = undefined;
          }
        }
        const live = scc.filter((n) => {
          if (deleted.has(n.callable)) return false;
          if (isDead(n.callable)) {
            deleted.add(n.callable);
            return false;
          }
          return true;
        });
        // As MLIR's inliner (inlineCallsInSCC): the calls of every live node
        // first, then those that inlining brings in, each with the callees
        // inlined to bring it (its history): a call is not inlined into a
        // copy of its own callee's body (recursion is unrolled once per
        // iteration).
        let inlined = false;
        const pending: Operation[] = [];
        const sources: CallerSite[] = [];
        const histories: number[] = [];
        const history: { node: CGNode; parent: number }[] = [];
        const inHistory = (node: CGNode, id: number): boolean => {
          for (let h = id; h >= 0; h = history[h].parent) if (history[h].node === node) return true;
          return false;
        };
        for (const n of live) {
          const site = callerSite(n, nodes);
          for (const call of site.calls) {
            pending.push(call);
            sources.push(site);
            histories.push(-1);
          }
        }
        for (let i = 0; i < pending.length; i++) {
          const call = pending[i];
          const site = sources[i];
          if (!call.parentBlock || deleted.has(site.node.callable)) continue;
          const target = resolveCallable(call, site.scopes);
          const tn = target && nodes.get(target);
          if (!tn || deleted.has(tn.callable)) continue;
          if (inHistory(tn, histories[i])) continue;
          if (!this.shouldInline(ctx, call, site.node, tn, threshold, site.calleeHolds)) continue;
          // Inlining the last call of a discardable callable makes it dead.
          const lastUse = isSymbol(tn.callable) && symbolVisibility(tn.callable) !== 'public' && useCount(tn.callable) === 1;
          const change = counts ? inliningChange(call, tn, site.callerTable, site.scopes) : undefined;
          const blocks: Operation[][] = [];
          if (inlineCall(ctx, call, tn.callable, tn.region, blocks)) {
            inlined = true;
            if (counts && change) {
              for (const [t, k] of change.byTarget) counts.byTarget.set(t, (counts.byTarget.get(t) ?? 0) + k);
              for (const [name, k] of change.byName) counts.byName.set(name, (counts.byName.get(name) ?? 0) + k);
            } else counts = undefined;
            if (lastUse) deleted.add(tn.callable);
            const start = pending.length;
            collectInlinedCalls(blocks, pending);
            if (pending.length > start) {
              history.push({ node: tn, parent: histories[i] });
              for (let k = start; k < pending.length; k++) {
                sources.push(site);
                histories.push(history.length - 1);
              }
            }
          }
        }
        if (!inlined) break;
      }
    }
    for (const op of deleted) if (op.parentBlock) op.erase();
  }

  /** `calleeHolds(call, target)`: whether the call is inside the callee's body. */
  private shouldInline(
    ctx: Context,
    call: Operation,
    source: CGNode,
    target: CGNode,
    threshold: number,
    calleeHolds: (call: Operation, target: CGNode) => boolean,
  ): boolean {
    if (call.hasTrait(Traits.IsTerminator)) return false;
    if (target.edges.some((e) => e === target || e === source)) return false;
    if (calleeHolds(call, target)) return false;
    const callParent = call.parentOp!;
    const multi = target.region.blocks.length >= 2;
    if (multi && !(target.callable.name === callParent.name || !callParent.hasTrait(Traits.SingleBlock))) return false;
    if (target.callable.getAttr('no_inline') || call.getAttr('no_inline')) return false;
    for (const b of target.region.blocks) for (let o = b.first; o; o = o.next) if (!isLegalToInlineOp(ctx, o, call.parentRegion!)) return false;
    if (threshold !== 4294967295) {
      const callerOps = countOps(source.region);
      const calleeOps = countOps(target.region);
      if (callerOps && (calleeOps * 100) / callerOps > threshold) return false;
    }
    return true;
  }
}

export type { Block, Value };

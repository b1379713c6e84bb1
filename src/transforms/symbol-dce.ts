// symbol-dce: erases symbols nothing references. Symbols that are visible
// from outside (public in a visible table), non-symbol ops and what live ops
// reference (transitively, through nested symbol tables) are live.

import { Traits, emitError, emitOpError } from '../ir/context.js';
import type { Operation } from '../ir/operation.js';
import { lookupSymbolIn } from '../ir/symbol-table.js';
import { Pass, type PassInfo, type PassRun } from '../passes/pass.js';
import { isPotentiallyUnknownSymbolTable, isSymbol, symbolRefsOf, symbolVisibility } from './call-utils.js';
import type { Context } from '../ir/context.js';

/** SymbolTable::getSymbolUses(op): the references `op` and its nested ops hold (not inside nested symbol tables). */
function symbolUsesOf(op: Operation): import('../ir/builtin-attributes.js').SymbolRefAttr[] | undefined {
  if (isPotentiallyUnknownSymbolTable(op)) return undefined;
  const out = symbolRefsOf(op);
  if (op.hasTrait(Traits.SymbolTable)) return out;
  const walkRegions = (o: Operation): boolean => {
    for (const r of o.regions)
      for (const b of r.blocks)
        for (let n = b.first; n; n = n.next) {
          if (isPotentiallyUnknownSymbolTable(n)) return false;
          out.push(...symbolRefsOf(n));
          if (!n.hasTrait(Traits.SymbolTable) && !walkRegions(n)) return false;
        }
    return true;
  };
  return walkRegions(op) ? out : undefined;
}

function computeLiveness(ctx: Context, table: Operation, hidden: boolean, live: Set<Operation>): boolean {
  const worklist: Operation[] = [];
  // A symbol table has one region (the SymbolTable trait).
  for (const region of table.regions)
    for (const block of region.blocks)
      for (let op = block.first; op; op = op.next) {
        if (!isSymbol(op)) {
          worklist.push(op);
          continue;
        }
        // SymbolOpInterface::canDiscardOnUseEmpty: any non-public symbol.
        const vis = symbolVisibility(op);
        const discardable = (hidden || vis === 'private') && vis !== 'public';
        if (!discardable && !live.has(op)) {
          live.add(op);
          worklist.push(op);
        }
      }
  while (worklist.length) {
    const op = worklist.pop()!;
    if (op.hasTrait(Traits.SymbolTable)) {
      const symHidden = hidden || !isSymbol(op) || symbolVisibility(op) === 'private';
      if (!computeLiveness(ctx, op, symHidden, live)) return false;
    } else {
      // Uses inside a non-table op count as if at the top level: its nested ops with regions are considered too.
      for (const r of op.regions) for (const b of r.blocks) for (let n = b.first; n; n = n.next) if (n.regions.length) worklist.push(n);
    }
    const scope = op.parentOp;
    if (!scope || !scope.hasTrait(Traits.SymbolTable)) continue;
    const uses = symbolUsesOf(op);
    if (!uses) {
      emitError(ctx, op, "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses");
      return false;
    }
    for (const ref of uses) {
      const resolved: Operation[] = [];
      let cur = lookupSymbolIn(scope, ref.root);
      if (cur) resolved.push(cur);
      for (const n of ref.nested) {
        if (!cur || !cur.hasTrait(Traits.SymbolTable)) {
          cur = undefined;
          break;
        }
        cur = lookupSymbolIn(cur, n);
        if (cur) resolved.push(cur);
      }
      if (!cur) continue;
      for (const s of resolved)
        if (!live.has(s)) {
          live.add(s);
          worklist.push(s);
        }
    }
  }
  return true;
}

export const SymbolDCEInfo: PassInfo = {
  argument: 'symbol-dce',
  name: 'SymbolDCE',
  description: 'Eliminate dead symbols',
  create: () => new SymbolDCE(),
};

class SymbolDCE extends Pass {
  constructor() {
    super(SymbolDCEInfo);
  }
  runOnOperation(root: Operation, run: PassRun): void {
    if (!root.hasTrait(Traits.SymbolTable)) {
      emitOpError(run.ctx, root, ' was scheduled to run under SymbolDCE, but does not define a symbol table');
      return run.signalPassFailure();
    }
    const hidden = root.parentOp && isSymbol(root) ? symbolVisibility(root) === 'private' : true;
    const live = new Set<Operation>();
    if (!computeLiveness(run.ctx, root, hidden, live)) return run.signalPassFailure();
    root.walk((table) => {
      if (!table.hasTrait(Traits.SymbolTable)) return;
      for (const region of table.regions)
        for (const block of region.blocks)
          for (let op = block.first; op; ) {
            const next = op.next;
            if (isSymbol(op) && !live.has(op)) op.erase();
            op = next;
          }
    });
  }
}

// Calls, callables and symbol uses as the interprocedural passes (sccp,
// symbol-dce, inline, remove-dead-values) see them: through the CallOp and
// Callable interfaces and the SymbolTable / Symbol traits.

import { Attribute, Attribute as AttributeBase } from '../ir/attributes.js';
import { StringAttr, SymbolRefAttr } from '../ir/builtin-attributes.js';
import { Traits } from '../ir/context.js';
import { Interfaces, getInterface, type CallableInterface, type CallOpInterface } from '../ir/interfaces.js';
import type { Operation, Region } from '../ir/operation.js';
import { lookupNearestSymbolFrom, lookupSymbolRefIn } from '../ir/symbol-table.js';
import { isValue } from '../ir/matchers.js';

export function callInterface(op: Operation): CallOpInterface | undefined {
  return getInterface<CallOpInterface>(op, Interfaces.CallOp);
}

export function callableInterface(op: Operation): CallableInterface | undefined {
  return getInterface<CallableInterface>(op, Interfaces.Callable);
}

/** CallOpInterface::resolveCallable: the symbol the call names, or the op defining the called value. */
export function resolveCallable(call: Operation): Operation | undefined {
  const iface = callInterface(call);
  if (!iface) return undefined;
  const callee = iface.getCallee(call);
  if (isValue(callee)) return callee.definingOp ?? undefined;
  if (callee instanceof SymbolRefAttr) return lookupNearestSymbolFrom(call, callee);
  return undefined;
}

/** Whether the op implements SymbolOpInterface: the Symbol trait, or an optional symbol (declares `sym_name`, e.g. builtin.module). */
export function isSymbol(op: Operation): boolean {
  return op.hasTrait(Traits.Symbol) || (op.name.def?.inherentAttrNames.has('sym_name') ?? false);
}

export function symbolVisibility(op: Operation): 'public' | 'private' | 'nested' {
  const v = op.getAttr('sym_visibility');
  if (v instanceof StringAttr && (v.value === 'private' || v.value === 'nested')) return v.value;
  return 'public';
}

/** A symbol use: the op whose attributes hold `ref`. */
export interface SymbolUse {
  user: Operation;
  ref: SymbolRefAttr;
}

function collectRefs(attr: Attribute, out: SymbolRefAttr[]): void {
  if (attr instanceof SymbolRefAttr) {
    out.push(attr);
    return;
  }
  attr.walkImmediateSubElements((sub) => {
    if (sub instanceof AttributeBase) collectRefs(sub, out);
  });
}

/** The symbol references an op's own attributes hold. */
export function symbolRefsOf(op: Operation): SymbolRefAttr[] {
  const out: SymbolRefAttr[] = [];
  for (const a of op.propertiesView.values()) collectRefs(a, out);
  for (const a of op.attributesView.values()) collectRefs(a, out);
  if (op.opaqueProperties) collectRefs(op.opaqueProperties, out);
  return out;
}

/** An op that could be a symbol table we know nothing about (one region, no registered dialect). */
function isPotentiallyUnknownSymbolTable(op: Operation): boolean {
  return op.regions.length === 1 && !op.isRegistered && !op.name.def;
}

/**
 * SymbolTable::getSymbolUses over regions: every symbol reference held by an
 * op in them, not looking into nested symbol tables; undefined when an op
 * might be an unknown symbol table.
 */
export function getSymbolUses(regions: readonly Region[], ctxHasDialect: (name: string) => boolean = () => false): SymbolUse[] | undefined {
  const out: SymbolUse[] = [];
  const stack: Region[] = [...regions].reverse();
  const visitOps = (region: Region): boolean => {
    for (const block of region.blocks)
      for (let op = block.first; op; op = op.next) {
        if (isPotentiallyUnknownSymbolTable(op) && !ctxHasDialect(op.name.dialectName)) return false;
        for (const ref of symbolRefsOf(op)) out.push({ user: op, ref });
        if (!op.hasTrait(Traits.SymbolTable)) for (const r of op.regions) if (!visitOps(r)) return false;
      }
    return true;
  };
  for (const r of stack.reverse()) if (!visitOps(r)) return undefined;
  return out;
}

/** SymbolTable::walkSymbolTables: symbol tables nested in `op` (post-order) with whether all uses of their symbols are visible. */
export function walkSymbolTables(op: Operation, allSymUsesVisible: boolean, callback: (table: Operation, allUsesVisible: boolean) => void): void {
  const isTable = op.hasTrait(Traits.SymbolTable);
  if (isTable) allSymUsesVisible ||= !isSymbol(op) || symbolVisibility(op) === 'private';
  else allSymUsesVisible = true;
  for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) walkSymbolTables(o, allSymUsesVisible, callback);
  if (isTable) callback(op, allSymUsesVisible);
}

export function lookupSymbolInTable(table: Operation, ref: SymbolRefAttr): Operation | undefined {
  if (!table.hasTrait(Traits.SymbolTable)) return undefined;
  return lookupSymbolRefIn(table, ref);
}

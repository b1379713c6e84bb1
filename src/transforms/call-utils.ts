// Calls, callables and symbol uses as the interprocedural passes (sccp,
// symbol-dce, inline, remove-dead-values) see them: through the CallOp and
// Callable interfaces and the SymbolTable / Symbol traits.

import { Attribute, Attribute as AttributeBase } from '../ir/attributes.js';
import { StringAttr, SymbolRefAttr, TypeAttr } from '../ir/builtin-attributes.js';
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
export function resolveCallable(call: Operation, scopes?: SymbolScopes): Operation | undefined {
  const iface = callInterface(call);
  if (!iface) return undefined;
  const callee = iface.getCallee(call);
  if (isValue(callee)) return callee.definingOp ?? undefined;
  if (callee instanceof SymbolRefAttr) {
    if (!scopes || call.hasTrait(Traits.SymbolTable)) return lookupNearestSymbolFrom(call, callee);
    const table = scopes.nearest(call);
    return table ? lookupSymbolRefIn(table, callee) : undefined;
  }
  return undefined;
}

/**
 * The nearest symbol table of ops (themselves included), remembered for every
 * op passed on the way up, so resolving the calls of a deep nest does not walk
 * to the top once per call. Only for IR that does not change while it is used
 * (an analysis).
 */
export class SymbolScopes {
  private readonly tables = new Map<Operation, Operation | null>();
  nearest(op: Operation): Operation | undefined {
    const path: Operation[] = [];
    let found: Operation | null = null;
    for (let o: Operation | null = op; o; o = o.parentOp) {
      const known = this.tables.get(o);
      if (known !== undefined) {
        found = known;
        break;
      }
      path.push(o);
      if (o.hasTrait(Traits.SymbolTable)) {
        found = o;
        break;
      }
    }
    for (const o of path) this.tables.set(o, found);
    return found ?? undefined;
  }
}

/** Whether the op implements SymbolOpInterface: the Symbol trait, or an optional symbol (declares `sym_name`, e.g. builtin.module). */
export function isSymbol(op: Operation): boolean {
  return op.hasTrait(Traits.Symbol) || (op.name.def?.inherentAttrNames.has('sym_name') ?? false);
}

/** Whether the op implements FunctionOpInterface (func.func, llvm.func): a callable symbol with a `function_type`. */
export function isFunctionLike(op: Operation): boolean {
  return !!callableInterface(op) && isSymbol(op) && op.getAttr('function_type') instanceof TypeAttr;
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

/**
 * An op that could be a symbol table we know nothing about: one region and
 * no dialect (MLIR's `!op->getDialect()`). An unregistered op of a loaded
 * dialect that allows unknown ops (`test.*`: mlir-opt 22 has the test
 * dialect) has one, so its uses are walked.
 */
export function isPotentiallyUnknownSymbolTable(op: Operation): boolean {
  return op.regions.length === 1 && !op.isRegistered && !op.name.def && op.name.context.getDialect(op.name.dialectName) === undefined;
}

/**
 * SymbolTable::getSymbolUses over regions: every symbol reference held by an
 * op in them, not looking into nested symbol tables; undefined when an op
 * might be an unknown symbol table.
 */
export function getSymbolUses(regions: readonly Region[], ctxHasDialect: (name: string) => boolean = () => false): SymbolUse[] | undefined {
  return collectSymbolUses(regions, false, ctxHasDialect);
}

/** getSymbolUses, but also looking into nested symbol tables (each reference still resolves from its own user). */
export function getSymbolUsesWithNested(regions: readonly Region[], ctxHasDialect: (name: string) => boolean = () => false): SymbolUse[] | undefined {
  return collectSymbolUses(regions, true, ctxHasDialect);
}

function collectSymbolUses(regions: readonly Region[], intoNested: boolean, ctxHasDialect: (name: string) => boolean): SymbolUse[] | undefined {
  const out: SymbolUse[] = [];
  // Pre-order with an explicit stack of next ops to visit: no recursion on nesting depth.
  const stack: Operation[] = [];
  const pushRegion = (r: Region): void => {
    for (let i = r.blocks.length - 1; i >= 0; i--) if (r.blocks[i].first) stack.push(r.blocks[i].first!);
  };
  for (let i = regions.length - 1; i >= 0; i--) pushRegion(regions[i]);
  while (stack.length) {
    const op = stack.pop()!;
    if (op.next) stack.push(op.next);
    if (isPotentiallyUnknownSymbolTable(op) && !ctxHasDialect(op.name.dialectName)) return undefined;
    for (const ref of symbolRefsOf(op)) out.push({ user: op, ref });
    if (intoNested || !op.hasTrait(Traits.SymbolTable)) for (let i = op.regions.length - 1; i >= 0; i--) pushRegion(op.regions[i]);
  }
  return out;
}

/** SymbolTable::walkSymbolTables: symbol tables nested in `op` (post-order) with whether all uses of their symbols are visible. */
export function walkSymbolTables(op: Operation, allSymUsesVisible: boolean, callback: (table: Operation, allUsesVisible: boolean) => void): void {
  // Iterative post-order: each frame is an op, the visibility its children inherit, and the next child to visit.
  interface Frame { op: Operation; visible: boolean; region: number; block: number; next: Operation | null; isTable: boolean }
  const enter = (o: Operation, inherited: boolean): Frame => {
    const isTable = o.hasTrait(Traits.SymbolTable);
    const visible = isTable ? inherited || !isSymbol(o) || symbolVisibility(o) === 'private' : true;
    return { op: o, visible, region: 0, block: 0, next: null, isTable };
  };
  const stack: Frame[] = [enter(op, allSymUsesVisible)];
  while (stack.length) {
    const f = stack[stack.length - 1];
    let child: Operation | null = f.next;
    while (!child && f.region < f.op.regions.length) {
      const blocks = f.op.regions[f.region].blocks;
      if (f.block < blocks.length) child = blocks[f.block++].first;
      else {
        f.region++;
        f.block = 0;
      }
    }
    if (child) {
      f.next = child.next;
      stack.push(enter(child, f.visible));
      continue;
    }
    stack.pop();
    if (f.isTable) callback(f.op, f.visible);
  }
}

export function lookupSymbolInTable(table: Operation, ref: SymbolRefAttr): Operation | undefined {
  if (!table.hasTrait(Traits.SymbolTable)) return undefined;
  return lookupSymbolRefIn(table, ref);
}

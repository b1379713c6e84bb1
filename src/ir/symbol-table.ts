// Symbol tables: ops with the SymbolTable trait own a namespace of ops with a
// `sym_name`; symbol references (`@f`, `@m::@f`) are resolved through them.

import { StringAttr, SymbolRefAttr } from './builtin-attributes.js';
import { Traits, emitError, emitOpError, type Context } from './context.js';
import type { Operation } from './operation.js';

/** Ops that reference symbols verify those references once the whole table is known. */
export interface SymbolUserInterface {
  verifySymbolUses(op: Operation, ctx: Context): boolean;
}

export function symbolName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

/**
 * Symbols by name per table op, filled by the first lookup (MLIR's SymbolTable
 * caches them too): a module with many functions would otherwise pay a scan
 * per lookup. The IR may change under it, so a hit is checked (still in the
 * table, same name), and a miss scans as before and remembers what it finds.
 */
const symbolCache = new WeakMap<Operation, Map<string, Operation>>();

/** The op named `name` directly inside the symbol table op `table`. */
export function lookupSymbolIn(table: Operation, name: string): Operation | undefined {
  const region = table.regions[0];
  if (!region || region.empty) return undefined;
  const block = region.entry;
  let cache = symbolCache.get(table);
  if (!cache) {
    cache = new Map();
    for (let o = block.first; o; o = o.next) {
      const n = symbolName(o);
      if (n !== undefined && !cache.has(n)) cache.set(n, o);
    }
    symbolCache.set(table, cache);
  }
  const hit = cache.get(name);
  if (hit && hit.parentBlock === block && symbolName(hit) === name) return hit;
  for (let o = block.first; o; o = o.next)
    if (symbolName(o) === name) {
      cache.set(name, o);
      return o;
    }
  if (hit) cache.delete(name);
  return undefined;
}

/** Resolves a (possibly nested) reference starting at the symbol table `table`. */
export function lookupSymbolRefIn(table: Operation, ref: SymbolRefAttr): Operation | undefined {
  let cur = lookupSymbolIn(table, ref.root);
  for (const n of ref.nested) {
    if (!cur || !cur.hasTrait(Traits.SymbolTable)) return undefined;
    cur = lookupSymbolIn(cur, n);
  }
  return cur;
}

/** The closest ancestor (or self) of `op` that is a symbol table. */
export function nearestSymbolTable(op: Operation): Operation | undefined {
  for (let o: Operation | null = op; o; o = o.parentOp) if (o.hasTrait(Traits.SymbolTable)) return o;
  return undefined;
}

/**
 * While verifySymbolTable checks the uses of one op, that op and its nearest
 * symbol table (known from the walk): its SymbolUser hook then looks symbols
 * up without walking to the table (MLIR hands such hooks a
 * SymbolTableCollection).
 */
let verifyingUser: { user: Operation; table: Operation } | undefined;

/**
 * An op the verifier found no SymbolUser op under (it counts them on its
 * walks) while it runs that op's region verification: the table's use walk
 * would then check nothing.
 */
let noSymbolUsersUnder: Operation | null = null;

/** Sets the op with no symbol users under it; returns the previous one. */
export function setNoSymbolUsersUnder(op: Operation | null): Operation | null {
  const saved = noSymbolUsersUnder;
  noSymbolUsersUnder = op;
  return saved;
}

/** MLIR's lookupNearestSymbolFrom. */
export function lookupNearestSymbolFrom(from: Operation, ref: SymbolRefAttr): Operation | undefined {
  if (verifyingUser !== undefined && verifyingUser.user === from) return lookupSymbolRefIn(verifyingUser.table, ref);
  const table = nearestSymbolTable(from.hasTrait(Traits.SymbolTable) ? from.parentOp ?? from : from);
  return table ? lookupSymbolRefIn(table, ref) : undefined;
}

/** SymbolOpInterface's verifier: name, visibility, nesting and declarations. */
export function verifySymbolOp(ctx: Context, op: Operation): boolean {
  const name = op.getAttr('sym_name');
  if (!(name instanceof StringAttr)) {
    emitOpError(ctx, op, "requires string attribute 'sym_name'");
    return false;
  }
  const vis = op.getAttr('sym_visibility');
  if (vis !== undefined) {
    if (!(vis instanceof StringAttr)) {
      emitOpError(ctx, op, `requires visibility attribute 'sym_visibility' to be a string attribute, but got ${vis.key}`);
      return false;
    }
    if (!['public', 'private', 'nested'].includes(vis.value)) {
      emitOpError(ctx, op, `visibility expected to be one of ["public", "private", "nested"], but got ${vis.key}`);
      return false;
    }
  }
  const parent = op.parentOp;
  if (parent && !parent.hasTrait(Traits.SymbolTable)) {
    emitOpError(ctx, op, "symbol's parent must have the SymbolTable trait");
    return false;
  }
  const isDeclaration = op.regions.length > 0 && op.regions[0].empty;
  if (isDeclaration && (!(vis instanceof StringAttr) || vis.value === 'public')) {
    emitOpError(ctx, op, 'symbol declaration cannot have public visibility');
    return false;
  }
  return true;
}

/** The SymbolTable trait's region verification. */
export function verifySymbolTable(ctx: Context, op: Operation): boolean {
  if (op.regions.length !== 1) {
    emitOpError(ctx, op, "Operations with a 'SymbolTable' must have exactly one region");
    return false;
  }
  if (op.regions[0].blocks.length !== 1) {
    emitOpError(ctx, op, "Operations with a 'SymbolTable' must have exactly one block");
    return false;
  }
  const seen = new Map<string, Operation>();
  for (let o = op.regions[0].entry.first; o; o = o.next) {
    const name = symbolName(o);
    if (name === undefined) continue;
    const prev = seen.get(name);
    if (prev) {
      const d = emitError(ctx, o, `redefinition of symbol named '${name}'`);
      d.attachNote('see existing symbol definition here', prev.location);
      return false;
    }
    seen.set(name, o);
  }
  if (noSymbolUsersUnder === op) return true;
  // Verify the symbol uses of every op under this table, not entering nested
  // tables, in pre-order.
  const stack: Operation[] = [];
  const visit = (o: Operation): boolean => {
    const def = o.name.def;
    if (def === undefined) return true;
    const user = def.interfaces?.SymbolUser as SymbolUserInterface | undefined;
    if (user) {
      // `op` is the nearest table of every op this walk reaches (it does not enter nested tables).
      const saved = verifyingUser;
      verifyingUser = { user: o, table: op };
      try {
        if (!user.verifySymbolUses(o, ctx)) return false;
      } finally {
        verifyingUser = saved;
      }
    }
    return true;
  };
  for (let o = op.regions[0].entry.last; o; o = o.prev) stack.push(o);
  while (stack.length) {
    const o = stack.pop()!;
    if (!visit(o)) return false;
    if (o.regions.length === 0 || o.hasTrait(Traits.SymbolTable)) continue;
    // Push the nested ops last to first, so they pop in order.
    const regions = o.regions;
    for (let r = regions.length - 1; r >= 0; r--) {
      const blocks = regions[r].blocks;
      for (let b = blocks.length - 1; b >= 0; b--) for (let c = blocks[b].last; c; c = c.prev) stack.push(c);
    }
  }
  return true;
}

export { SymbolRefAttr };

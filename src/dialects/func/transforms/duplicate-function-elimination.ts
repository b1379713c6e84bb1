// duplicate-function-elimination (MLIR's DuplicateFunctionEliminationPass):
// functions equal to an earlier one up to their symbol name (same attributes,
// structurally equivalent bodies, locations aside) are erased, and the uses
// of their symbol are redirected to the first one.

import type { Attribute } from '../../../ir/attributes.js';
import { ArrayAttr, DictionaryAttr, SymbolRefAttr } from '../../../ir/builtin-attributes.js';
import { symbolName } from '../../../ir/symbol-table.js';
import { Traits } from '../../../ir/context.js';
import type { Block, Operation, Region, Value } from '../../../ir/operation.js';
import { Pass, type PassInfo, type PassRun } from '../../../passes/pass.js';
import { ModuleOp } from '../../builtin/index.js';
import { FuncOp } from '../index.js';

// ---- structural equivalence (OperationEquivalence with IgnoreLocations)

function sameAttr(a: Attribute | undefined, b: Attribute | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.key === b.key);
}

function sameAttrMap(a: ReadonlyMap<string, Attribute>, b: ReadonlyMap<string, Attribute>, ignore?: string): boolean {
  let n = 0;
  for (const [k, v] of a) {
    if (k === ignore) continue;
    if (!sameAttr(v, b.get(k))) return false;
    n++;
  }
  let m = 0;
  for (const k of b.keys()) if (k !== ignore) m++;
  return n === m;
}

/** Values and blocks found equivalent so far (MLIR's ValueEquivalenceCache and the block map). */
class Equivalence {
  readonly values = new Map<Value, Value>();
  /** Maps `l` to `r` unless `l` is mapped to another block already. */
  mapBlock(blocks: Map<Block, Block>, l: Block, r: Block): boolean {
    const cur = blocks.get(l);
    if (cur === undefined) blocks.set(l, r);
    return (cur ?? r) === r;
  }

  regions(lhs: Region, rhs: Region): boolean {
    if (lhs.blocks.length !== rhs.blocks.length) return false;
    const blocks = new Map<Block, Block>();
    for (let i = 0; i < lhs.blocks.length; i++) {
      const lb = lhs.blocks[i];
      const rb = rhs.blocks[i];
      if (lb.args.length !== rb.args.length) return false;
      if (!this.mapBlock(blocks, lb, rb)) return false;
      for (let k = 0; k < lb.args.length; k++) {
        if (lb.args[k].type !== rb.args[k].type) return false;
        this.values.set(lb.args[k], rb.args[k]);
      }
      let lo = lb.first;
      let ro = rb.first;
      for (; lo && ro; lo = lo.next, ro = ro.next) {
        if (!this.ops(lo, ro)) return false;
        for (let s = 0; s < lo.numSuccessors; s++) if (!this.mapBlock(blocks, lo.successor(s), ro.successor(s))) return false;
      }
      if (lo || ro) return false;
    }
    return true;
  }

  ops(lhs: Operation, rhs: Operation): boolean {
    if (lhs === rhs) return true;
    if (!sameAttrMap(lhs.attributesView, rhs.attributesView)) return false;
    if (lhs.name !== rhs.name || lhs.regions.length !== rhs.regions.length || lhs.numSuccessors !== rhs.numSuccessors) return false;
    if (lhs.numOperands !== rhs.numOperands || lhs.numResults !== rhs.numResults) return false;
    if (!sameAttrMap(lhs.propertiesView, rhs.propertiesView) || !sameAttr(lhs.opaqueProperties ?? undefined, rhs.opaqueProperties ?? undefined)) return false;
    const lOps = lhs.operands;
    const rOps = rhs.operands;
    for (let i = 0; i < lOps.length; i++) {
      const l = lOps[i];
      const r = rOps[i];
      if (l === r) continue;
      if (l.type !== r.type) return false;
      if (this.values.get(l) !== r) return false;
    }
    for (let i = 0; i < lhs.numResults; i++) {
      if (lhs.results[i].type !== rhs.results[i].type) return false;
      this.values.set(lhs.results[i], rhs.results[i]);
    }
    for (let i = 0; i < lhs.regions.length; i++) if (!this.regions(lhs.regions[i], rhs.regions[i])) return false;
    return true;
  }
}

/** DuplicateFuncOpEquivalenceInfo::isEqual: equal attributes but the name, and equivalent bodies; declarations are unique. */
function funcsEqual(lhs: Operation, rhs: Operation): boolean {
  if (lhs === rhs) return true;
  if (FuncOp.isExternal(FuncOp.cast(lhs)) || FuncOp.isExternal(FuncOp.cast(rhs))) return false;
  if (!sameAttrMap(lhs.attributesView, rhs.attributesView)) return false;
  if (!sameAttrMap(lhs.propertiesView, rhs.propertiesView, 'sym_name')) return false;
  return new Equivalence().regions(FuncOp.body(FuncOp.cast(lhs)), FuncOp.body(FuncOp.cast(rhs)));
}

/**
 * A key equal for equal functions, as the pass's hash: the function's
 * attributes but its name, then each op of the body with its name,
 * attributes, properties and result types (operands and locations aside).
 * Bodies that differ only in an attribute (the callee of a call, a constant)
 * fall into different buckets, so a module of many similar functions is not
 * compared pairwise.
 */
function bucketKey(f: Operation): string {
  const own: string[] = [];
  for (const [k, v] of f.propertiesView) if (k !== 'sym_name') own.push(`${k}=${v.key}`);
  for (const [k, v] of f.attributesView) own.push(`${k}:${v.key}`);
  own.sort();
  const parts = [own.join('\u0001')];
  f.walk((op) => {
    if (op === f) return;
    // Attributes in a fixed order: equality does not depend on theirs.
    const attrs: string[] = [];
    for (const [k, v] of op.propertiesView) attrs.push(`${k}=${v.key}`);
    for (const [k, v] of op.attributesView) attrs.push(`${k}:${v.key}`);
    if (attrs.length > 1) attrs.sort();
    let part = op.name.name;
    for (const a of attrs) part += `\u0001${a}`;
    if (op.opaqueProperties) part += `\u0001${op.opaqueProperties.key}`;
    for (let i = 0; i < op.numResults; i++) part += `\u0001${op.result(i).type.key}`;
    parts.push(part);
  });
  return parts.join('\u0000');
}

// ---- symbol use replacement (SymbolTable::replaceAllSymbolUses from a symbol op)

/**
 * The regions where a symbol of `table` may be referenced, up to `limit`,
 * each with the names a reference there goes through before the symbol's
 * own (none in `table`'s region, `@table::` one level up, and so on).
 */
function symbolScopes(table: Operation, limit: Operation): { prefix: string[]; region: Region }[] {
  const scopes: { prefix: string[]; region: Region }[] = [];
  const prefix: string[] = [];
  for (let t: Operation | null = table; t; t = t.parentOp) {
    // A symbol table has a single region.
    for (const region of t.regions) scopes.push({ prefix: [...prefix], region });
    if (t === limit) break;
    const tableName = symbolName(t);
    if (tableName === undefined) break;
    prefix.unshift(tableName);
  }
  return scopes;
}

/**
 * `attr` with each reference that names (or reaches into) a renamed symbol
 * through `prefix` renamed: the reference's part after the prefix is one of
 * `renames`' keys.
 */
function replaceInAttr(attr: Attribute, prefix: readonly string[], renames: ReadonlyMap<string, string>): Attribute {
  if (attr instanceof SymbolRefAttr) {
    const k = prefix.length;
    if (attr.nested.length < k) return attr;
    const part = (i: number): string => (i === 0 ? attr.root : attr.nested[i - 1]);
    for (let i = 0; i < k; i++) if (part(i) !== prefix[i]) return attr;
    const renamed = renames.get(part(k));
    if (renamed === undefined) return attr;
    if (k === 0) return SymbolRefAttr.get(renamed, attr.nested);
    const nested = [...attr.nested];
    nested[k - 1] = renamed;
    return SymbolRefAttr.get(attr.root, nested);
  }
  if (attr instanceof ArrayAttr) {
    const elements = attr.elements.map((e) => replaceInAttr(e, prefix, renames));
    return elements.some((e, i) => e !== attr.elements[i]) ? ArrayAttr.get(elements) : attr;
  }
  if (attr instanceof DictionaryAttr) {
    const entries = attr.entries.map(([k, v]) => [k, replaceInAttr(v, prefix, renames)] as const);
    return entries.some((e, i) => e[1] !== attr.entries[i][1]) ? DictionaryAttr.get(entries) : attr;
  }
  return attr;
}

function replaceInOp(op: Operation, prefix: readonly string[], renames: ReadonlyMap<string, string>): void {
  for (const map of [op.properties, op.attributes])
    for (const [k, v] of map) {
      const nv = replaceInAttr(v, prefix, renames);
      if (nv !== v) map.set(k, nv);
    }
  if (op.opaqueProperties) op.opaqueProperties = replaceInAttr(op.opaqueProperties, prefix, renames);
}

/**
 * Renames the uses of the symbols of `table` (old name to new name in
 * `renames`) nested in `limit`, without entering nested symbol tables of each
 * scope. All symbols of one table are renamed in one walk per scope: one walk
 * per symbol made a module of many duplicates quadratic.
 */
export function replaceAllSymbolUses(table: Operation, renames: ReadonlyMap<string, string>, limit: Operation): void {
  for (const { prefix, region } of symbolScopes(table, limit)) {
    const worklist: Region[] = [region];
    while (worklist.length) {
      const r = worklist.pop()!;
      for (const block of r.blocks)
        for (let op = block.first; op; op = op.next) {
          replaceInOp(op, prefix, renames);
          if (!op.hasTrait(Traits.SymbolTable)) for (const nested of op.regions) worklist.push(nested);
        }
    }
  }
}

// ---- the pass

const symName = (f: Operation): string => FuncOp.sym_name(FuncOp.cast(f));

/** Erases the functions of `module` equal to an earlier one, redirecting their uses. */
export function eliminateDuplicateFunctions(module: Operation): void {
  const buckets = new Map<string, Operation[]>();
  const representant = new Map<string, Operation>();
  const toBeErased: Operation[] = [];
  module.walk((f) => {
    if (!FuncOp.isa(f)) return;
    const key = bucketKey(f);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = []));
    let repr = bucket.find((u) => funcsEqual(u, f));
    if (!repr) {
      bucket.push(f);
      repr = f;
    }
    representant.set(symName(f), repr);
    if (repr !== f) toBeErased.push(f);
  });
  // Renaming one symbol at a time gives the same result (no new name is an
  // old one: representants stay), so each symbol table's are renamed at once.
  const byTable = new Map<Operation, Map<string, string>>();
  for (const f of toBeErased) {
    const table = f.parentOp!;
    let renames = byTable.get(table);
    if (!renames) byTable.set(table, (renames = new Map()));
    const oldName = symName(f);
    renames.set(oldName, symName(representant.get(oldName)!));
  }
  for (const [table, renames] of byTable) replaceAllSymbolUses(table, renames, module);
  for (const f of toBeErased) f.erase();
}

export const DuplicateFunctionEliminationInfo: PassInfo = {
  argument: 'duplicate-function-elimination',
  name: 'DuplicateFunctionEliminationPass',
  description: 'Deduplicate functions',
  opName: ModuleOp.opName,
  create: () => new DuplicateFunctionElimination(),
};

class DuplicateFunctionElimination extends Pass {
  constructor() {
    super(DuplicateFunctionEliminationInfo);
  }
  runOnOperation(op: Operation, _run: PassRun): void {
    eliminateDuplicateFunctions(op);
  }
}

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

/** A cheap key equal for equal functions (a stand-in for the pass's hash). */
function bucketKey(f: Operation): string {
  const parts: string[] = [];
  for (const [k, v] of f.propertiesView) if (k !== 'sym_name') parts.push(`${k}=${v.key}`);
  for (const [k, v] of f.attributesView) parts.push(`${k}:${v.key}`);
  parts.sort();
  f.walk((op) => {
    if (op !== f) parts.push(op.name.name);
  });
  return parts.join('\u0000');
}

// ---- symbol use replacement (SymbolTable::replaceAllSymbolUses from a symbol op)

/** The references to `symbol` valid in each enclosing symbol table up to `limit`, with the region each is valid in. */
function symbolScopes(symbol: Operation, name: string, limit: Operation): { ref: SymbolRefAttr; region: Region }[] {
  const scopes: { ref: SymbolRefAttr; region: Region }[] = [];
  const path = [name];
  for (let table = symbol.parentOp; table; table = table.parentOp) {
    // A symbol table has a single region.
    for (const region of table.regions) scopes.push({ ref: SymbolRefAttr.get(path[0], path.slice(1)), region });
    if (table === limit) break;
    const tableName = symbolName(table);
    if (tableName === undefined) break;
    path.unshift(tableName);
  }
  return scopes;
}

/** Whether `prefix` names a symbol table that `ref` reaches into. */
function isReferencePrefixOf(prefix: SymbolRefAttr, ref: SymbolRefAttr): boolean {
  if (prefix.root !== ref.root || prefix.nested.length >= ref.nested.length) return false;
  return prefix.nested.every((n, i) => ref.nested[i] === n);
}

function replaceInAttr(attr: Attribute, oldRef: SymbolRefAttr, newRef: SymbolRefAttr, newName: string): Attribute {
  if (attr instanceof SymbolRefAttr) {
    if (attr === oldRef) return newRef;
    if (isReferencePrefixOf(oldRef, attr)) {
      if (oldRef.isFlat) return SymbolRefAttr.get(newName, attr.nested);
      const nested = [...attr.nested];
      nested[oldRef.nested.length - 1] = newName;
      return SymbolRefAttr.get(attr.root, nested);
    }
    return attr;
  }
  if (attr instanceof ArrayAttr) {
    const elements = attr.elements.map((e) => replaceInAttr(e, oldRef, newRef, newName));
    return elements.some((e, i) => e !== attr.elements[i]) ? ArrayAttr.get(elements) : attr;
  }
  if (attr instanceof DictionaryAttr) {
    const entries = attr.entries.map(([k, v]) => [k, replaceInAttr(v, oldRef, newRef, newName)] as const);
    return entries.some((e, i) => e[1] !== attr.entries[i][1]) ? DictionaryAttr.get(entries) : attr;
  }
  return attr;
}

function replaceInOp(op: Operation, oldRef: SymbolRefAttr, newRef: SymbolRefAttr, newName: string): void {
  for (const map of [op.properties, op.attributes])
    for (const [k, v] of map) {
      const nv = replaceInAttr(v, oldRef, newRef, newName);
      if (nv !== v) map.set(k, nv);
    }
  if (op.opaqueProperties) op.opaqueProperties = replaceInAttr(op.opaqueProperties, oldRef, newRef, newName);
}

/** Redirects the uses of `symbol` nested in `limit` to `newName`, without entering nested symbol tables of each scope. */
export function replaceAllSymbolUses(symbol: Operation, oldName: string, newName: string, limit: Operation): void {
  for (const { ref, region } of symbolScopes(symbol, oldName, limit)) {
    const newRef = ref.isFlat ? SymbolRefAttr.get(newName) : SymbolRefAttr.get(ref.root, [...ref.nested.slice(0, -1), newName]);
    const worklist: Region[] = [region];
    while (worklist.length) {
      const r = worklist.pop()!;
      for (const block of r.blocks)
        for (let op = block.first; op; op = op.next) {
          replaceInOp(op, ref, newRef, newName);
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
  for (const f of toBeErased) {
    const oldName = symName(f);
    replaceAllSymbolUses(f, oldName, symName(representant.get(oldName)!), module);
    f.erase();
  }
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

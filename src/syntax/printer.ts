// The printer: MLIR's textual form, generic or custom, with MLIR's SSA naming,
// alias generation and layout, so output matches `mlir-opt` byte for byte.

import type { Type } from '../ir/attributes.js';
import { Attribute, DistinctIds, PlainAttrTypePrinter, aliasableElementsCreated } from '../ir/attributes.js';
import { DictionaryAttr, UnitAttr } from '../ir/builtin-attributes.js';
import { FunctionType } from '../ir/builtin-types.js';
import { Traits, type Context, type OperationName } from '../ir/context.js';
import { Location, NameLoc, escapeString } from '../ir/location.js';
import { Block, BlockArgument, OpResult, Operation, Region, Value, type OpOperand } from '../ir/operation.js';
import { AliasState, builtinGetAlias } from './alias-state.js';
import { resourceMetadataText } from './resource-printer.js';
import { Verifier } from '../ir/verifier.js';
import type { OpAsmPrinter, PrintRegionOptions } from '../ir/op-asm.js';

export interface PrintOptions {
  /** Print every op in the generic form (`--mlir-print-op-generic`). */
  generic?: boolean;
  /** Print locations (`--mlir-print-debuginfo`). */
  debugInfo?: boolean;
  /** Print locations in the pretty form (`--mlir-pretty-debuginfo`). */
  prettyDebugInfo?: boolean;
  /** Number values from the printed op rather than from the top (`--mlir-print-local-scope`). */
  localScope?: boolean;
  /** Print `%N` names unique across the whole op (`--mlir-print-unique-ssa-ids`). */
  uniqueSSAIds?: boolean;
  /** Print regions as `{...}` (`--mlir-print-skip-regions`). */
  skipRegions?: boolean;
  /** Skip verification and print in custom form even if invalid (`--mlir-print-assume-verified`). */
  assumeVerified?: boolean;
  /** Elide elements attributes with more elements than this. */
  elideElementsAttrsIfLarger?: number;
  /** Comment each op and block argument with its users (`--mlir-print-value-users`). */
  printValueUsers?: boolean;
  /** Name values after the first `NameLoc` in their location (`--mlir-use-nameloc-as-prefix`). */
  useNameLocAsPrefix?: boolean;
}

/** The name of the first `NameLoc` found in a value's location, walking it in pre-order. */
function nameFromLocation(value: Value): string | undefined {
  const stack: Location[] = [value instanceof OpResult ? value.owner.location : (value as BlockArgument).location];
  while (stack.length) {
    const loc = stack.pop()!;
    if (loc instanceof NameLoc) return loc.name;
    const children: Location[] = [];
    loc.walkImmediateSubElements((e) => {
      if (e instanceof Location) children.push(e);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return undefined;
}

/** The most text one print can produce: V8's string length limit, less some slack. */
export const MAX_OUTPUT_CHARS = (1 << 29) - (1 << 16);

/** Thrown when the printed form would not fit in a JavaScript string. */
/**
 * A streamed print has no string to fit in, but output whose indentation
 * alone passes this is refused up front: it grows with the square of the
 * nesting depth (10 GB at 100,000 levels) and would take minutes to write.
 */
export const MAX_STREAMED_BYTES = 2 ** 32;

export class OutputTooLargeError extends Error {
  constructor(limit = MAX_OUTPUT_CHARS) {
    super(`the printed IR would exceed ${limit} bytes`);
  }
}

/** The spaces that indenting `op`'s nested ops alone takes: a quick lower bound of the output size. */
function indentationVolume(op: Operation, limit: number): number {
  let total = 0;
  // Parallel stacks of ops with regions and their depths: no tuple per op.
  const ops: Operation[] = [op];
  const depths: number[] = [0];
  while (ops.length) {
    const o = ops.pop()!;
    const inner = depths.pop()! + 1;
    for (const r of o.regions)
      for (const b of r.blocks)
        for (let c = b.first; c; c = c.next) {
          total += 2 * inner;
          if (total > limit) return total;
          if (c.regions.length) {
            ops.push(c);
            depths.push(inner);
          }
        }
  }
  return total;
}

// Indentation strings up to this width are kept; deeper ones are written in pieces.
const INDENT_CACHED = 1024;
const indentCache: string[] = [];
function indentation(n: number): string {
  return (indentCache[n] ??= ' '.repeat(n));
}

/** MLIR's sanitizeIdentifier: makes a result/block name a valid suffix-id. */
export function sanitizeIdentifier(name: string, allowedPunct = '$._-', allowTrailingDigit = true): string {
  // Fast path: already valid with the default punctuation (most names).
  if (allowedPunct === '$._-' && allowTrailingDigit && VALID_DEFAULT_IDENTIFIER.test(name)) return name;
  const valid = (c: string): boolean => /[A-Za-z0-9]/.test(c) || allowedPunct.includes(c);
  const copy = (): string => {
    let out = '';
    for (const c of name) {
      if (valid(c)) out += c;
      else if (c === ' ') out += '_';
      else out += c.charCodeAt(0).toString(16).toUpperCase();
    }
    return out;
  };
  const c0 = name[0];
  if ((c0 >= '0' && c0 <= '9') || (!valid(c0) && c0 !== ' ')) return '_' + copy();
  if (!allowTrailingDigit && /[0-9]$/.test(name)) return copy() + '_';
  for (const c of name) if (!valid(c)) return copy();
  return name;
}

const VALID_DEFAULT_IDENTIFIER = /^[A-Za-z$._-][A-Za-z0-9$._-]*$/;

/** `%0`, `%1`, ...: the names of numbered values, shared by all printers. */
const numberedNames: string[] = [];

/** `^bb0`, `^bb1`, ...: the names of numbered blocks, shared by all printers. */
const numberedBlocks: string[] = [];

function numberedName(id: number): string {
  return (numberedNames[id] ??= '%' + id);
}

/**
 * The names in use in a stack of scopes, like llvm::ScopedHashTable: each
 * name maps to the scope that added it, and a name counts only while that
 * scope is open. Closing a scope deletes nothing: a name visible in a scope
 * is never added again below it, and one added by a closed scope is simply
 * taken over by the next scope that adds it.
 */
class ScopedNames {
  private readonly names = new Map<string, number>();
  /** Whether each scope ever opened (by number) is still open. */
  private readonly open: boolean[] = [false];
  /** The open scopes' numbers, innermost last. */
  private readonly stack: number[] = [];
  private current = 0;
  get depth(): number {
    return this.stack.length;
  }
  push(): void {
    this.current = this.open.length;
    this.open.push(true);
    this.stack.push(this.current);
  }
  popTo(depth: number): void {
    const stack = this.stack;
    if (stack.length <= depth) return;
    for (let i = stack.length - 1; i >= depth; i--) this.open[stack[i]] = false;
    stack.length = depth;
    this.current = depth ? stack[depth - 1] : 0;
  }
  has(name: string): boolean {
    const scope = this.names.get(name);
    return scope !== undefined && this.open[scope];
  }
  add(name: string): void {
    this.names.set(name, this.current);
    this.log.push(name);
    this.changes++;
  }
  /** How many times a name's scope was set (by add or reopen). */
  changes = 0;
  /**
   * Every name added, in order (lazy naming: a scope's names are one run of
   * it, added while its region is named).
   */
  readonly log: string[] = [];
  /** The innermost open scope's number. */
  get currentScope(): number {
    return this.current;
  }
  /**
   * Opens a closed scope again (lazy naming: a region is named before its
   * op prints and opened when the region prints). If any name's scope was
   * set since its own names (`log[from..to)`) were added (`changes` was
   * `changesThen`), a sibling scope may have taken some over: they are taken back.
   */
  reopen(scope: number, from: number, to: number, changesThen: number): void {
    this.open[scope] = true;
    this.stack.push(scope);
    this.current = scope;
    if (this.changes === changesThen) return;
    const log = this.log;
    for (let i = from; i < to; i++) this.names.set(log[i], scope);
    this.changes += to - from + 1;
  }
}

/** Thrown when a lazily named print finds a possible alias: it starts over eagerly. */
class LazyNamingMiss extends Error {}

/**
 * `%name` for names that needed no change (`%arg3`, `%c42_i32`, `%true`),
 * shared by all printers: no concatenation per named value. Bounded, for
 * hosts that print many different modules.
 */
const prefixedNames = new Map<string, string>();
const MAX_PREFIXED_NAMES = 1 << 16;

/** `arg0`, `arg1`, ...: entry block argument names, shared by all printers. */
const argNames: string[] = [];

function argName(id: number): string {
  return (argNames[id] ??= 'arg' + id);
}

/** Which name table last gave values rows (by its number; no table is kept alive). */
let slotOwner = 0;
let nextTableId = 1;

/**
 * Printed names of values: rows of (value, name), each value knowing its row
 * (`Value.printSlot`), so naming and lookups need no map keyed by value. A
 * row is trusted only if it holds the value. Another print (say, of a
 * diagnostic, during this one) may give values rows in its own table; a table
 * that was not the last to give rows therefore looks up a value it cannot
 * find by its row in a map of all its rows, made on first need.
 */
class ValueNames {
  private readonly id = nextTableId++;
  private readonly values: Value[] = [];
  /** A name, or N for `%N` (written as digits: no string per numbered value). */
  private readonly names: (string | number)[] = [];
  /** Some of this table's values may have rows in another table now. */
  private tainted = false;
  private fallback: Map<Value, string | number> | undefined;

  get(value: Value): string | number | undefined {
    const i = value.printSlot;
    const values = this.values;
    if (i >= 0 && i < values.length && values[i] === value) return this.names[i];
    if (values.length === 0 || (slotOwner === this.id && !this.tainted)) return undefined;
    if (this.fallback === undefined) {
      this.fallback = new Map();
      for (let j = 0; j < values.length; j++) this.fallback.set(values[j], this.names[j]);
    }
    return this.fallback.get(value);
  }
  has(value: Value): boolean {
    return this.get(value) !== undefined;
  }
  set(value: Value, name: string | number): void {
    if (slotOwner !== this.id) {
      if (this.values.length) this.tainted = true;
      slotOwner = this.id;
    }
    const i = value.printSlot;
    if (i >= 0 && i < this.values.length && this.values[i] === value) this.names[i] = name;
    else {
      value.printSlot = this.values.length;
      this.values.push(value);
      this.names.push(name);
    }
    if (this.fallback !== undefined) this.fallback.set(value, name);
  }
}

/**
 * MLIR's SSANameState: the names of values and blocks under one root op.
 * Each value (for results: the first of its group) maps to its printed name.
 */
class SSANameState {
  private names = new ValueNames();
  private opResultGroups = new Map<Operation, number[]>();
  /** Numbers of ops without results, given only when value users are printed. */
  private readonly operationIDs = new Map<Operation, number>();
  /** Block numbers in their region (MLIR's block "ordering"). */
  /**
   * Block numbers in their region (MLIR's block "ordering"), kept for
   * regions of several blocks; the block of a one-block region is number 0
   * (no map entry per region: most regions have one block).
   */
  private blockIDs = new Map<Block, number>();
  /** Names given by getAsmBlockNames (rare). */
  private blockNamesSet: Map<Block, string> | undefined;
  private usedNames = new ScopedNames();
  /** Scratch of the naming walk: the ops with regions in the region just named. */
  private readonly nested: Operation[] = [];
  private nextValueID = 0;
  private nextArgumentID = 0;
  private nextConflictID = 0;
  /** While a getAsmResultNames hook runs: the group starts it made (beyond 0), and whether it named result 0. */
  private groups: number[] | undefined;
  private firstResult: Value | undefined;
  private namedFirst = false;
  private readonly setResultName: (value: Value, name: string) => void;
  private readonly setArgName: (value: Value, name: string) => void;
  private readonly setBlockName: (block: Block, name: string) => void;
  /**
   * Spaces the indentation of the root's nested ops takes (a lower bound of
   * the output size), counted on the way: the printer refuses output whose
   * indentation alone is too large.
   */
  indentVolume = 0;

  constructor(
    private readonly root: Operation,
    private readonly generic: boolean,
    unique: boolean,
    private readonly numberOps = false,
    private readonly nameLocs = false,
    private readonly scan: AliasScan | undefined = undefined,
    lazy = false,
  ) {
    this.setResultName = (value, name) => {
      this.setValueName(value, this.preferNameLoc(value, name));
      const index = (value as OpResult).index;
      if (index) (this.groups ??= [0]).push(index);
      if (value === this.firstResult) this.namedFirst = true;
    };
    this.setArgName = (value, name) => this.setValueName(value, this.preferNameLoc(value, name));
    this.setBlockName = (block, name) => (this.blockNamesSet ??= new Map()).set(block, '^' + sanitizeIdentifier(name));
    if (lazy) {
      // The root's regions start from the counters before its own results are named.
      this.lazy = true;
      this.usedNames.push();
      this.stateStack.push(this.nextValueID, this.nextArgumentID, this.nextConflictID, this.usedNames.depth);
      this.openRegions.push(null);
      this.numberValuesInOp(root);
      return;
    }
    this.nameTree(unique);
  }

  /** Names the whole tree (MLIR's order: a region's values, then its nested regions). */
  private nameTree(unique: boolean): void {
    const root = this.root;
    this.usedNames.push();
    const topScope = this.usedNames.depth;
    // The regions left to name, with the counters and scope they start from
    // and their nesting depth, as parallel stacks (no tuple per region).
    const regions: Region[] = [];
    const counters: number[] = [];
    const scopes: number[] = [];
    const depths: number[] = [];
    const pushRegions = (op: Operation, scope: number, depth: number): void => {
      const rs = op.regions;
      for (let i = 0; i < rs.length; i++) {
        regions.push(rs[i]);
        counters.push(this.nextValueID, this.nextArgumentID, this.nextConflictID);
        scopes.push(scope);
        depths.push(depth);
      }
    };
    pushRegions(root, topScope, 1);
    this.numberValuesInOp(root);
    let volume = 0;
    while (regions.length) {
      const region = regions.pop()!;
      const depth = depths.pop()!;
      const parentScope = scopes.pop()!;
      const conflictID = counters.pop()!;
      const argID = counters.pop()!;
      const valueID = counters.pop()!;
      if (!unique) {
        this.nextValueID = valueID;
        this.nextArgumentID = argID;
        this.nextConflictID = conflictID;
      }
      this.usedNames.popTo(parentScope);
      this.usedNames.push();
      const curScope = this.usedNames.depth;
      const count = this.numberValuesInRegion(region);
      volume += 2 * depth * count;
      // The ops with regions, noted on the naming walk (no second walk of the region's ops).
      const nested = this.nested;
      for (let i = 0; i < nested.length; i++) pushRegions(nested[i], curScope, depth + 1);
      nested.length = 0;
    }
    this.indentVolume = volume;
  }

  /**
   * Lazy naming met something it cannot name in place (a value or block not
   * named yet, a region of another op, shadowed arguments): the whole tree is
   * named eagerly, from scratch. Exact mid-print: the names given so far are
   * the ones eager naming gives.
   */
  private becomeEager(): void {
    this.lazy = false;
    this.names = new ValueNames();
    this.opResultGroups = new Map();
    this.blockIDs = new Map();
    this.blockNamesSet = undefined;
    this.usedNames = new ScopedNames();
    this.nextValueID = 0;
    this.nextArgumentID = 0;
    this.nextConflictID = 0;
    this.nameTree(false);
  }

  /**
   * Lazy naming (default numbering only): each op's regions are named just
   * before the op prints, from the state its own region was left in, so the
   * ops are read while still in cache instead of on a walk of their own.
   * Exact because a region's names depend only on its ancestors' regions.
   */
  lazy = false;
  /** Lazy naming: per open region (innermost last) its counters after naming and its scope depth. */
  private readonly stateStack: number[] = [];
  /** Lazy naming: the open regions (null for the root's level), innermost last. */
  private readonly openRegions: (Region | null)[] = [];
  /**
   * Lazy naming: named regions not yet opened, with their counters after
   * naming, scope and run of the names log. The last region named alone (an
   * op's only region, the common case) is kept in fields, not in the map.
   */
  private readonly regionStates = new Map<Region, number[]>();
  private soleRegion: Region | null = null;
  private lazyOpsLeft = lazyNaming.eagerAfter;
  private soleState = [0, 0, 0, 0, 0, 0, 0];

  /** Lazy naming: names `op`'s regions (not their nested ones) before `op` prints. */
  nameRegionsOf(op: Operation): void {
    // Only an op of the open region (or the root) is named from its state.
    if (op !== this.root && op.parentBlock?.parent !== this.openRegions[this.openRegions.length - 1]) {
      this.becomeEager();
      return;
    }
    if (--this.lazyOpsLeft < 0) {
      this.becomeEager();
      return;
    }
    const rs = op.regions;
    const st = this.stateStack;
    const k = st.length - 4;
    const depth = st[k + 3];
    const log = this.usedNames.log;
    for (let i = 0; i < rs.length; i++) {
      this.nextValueID = st[k];
      this.nextArgumentID = st[k + 1];
      this.nextConflictID = st[k + 2];
      this.usedNames.popTo(depth);
      this.usedNames.push();
      const from = log.length;
      this.numberValuesInRegion(rs[i]);
      this.nested.length = 0;
      let state: number[];
      if (rs.length === 1 && this.soleRegion === null) {
        this.soleRegion = rs[0];
        state = this.soleState;
      } else this.regionStates.set(rs[i], (state = []));
      state[0] = this.nextValueID;
      state[1] = this.nextArgumentID;
      state[2] = this.nextConflictID;
      state[3] = this.usedNames.currentScope;
      state[4] = from;
      state[5] = log.length;
      state[6] = this.usedNames.changes;
    }
    this.usedNames.popTo(depth);
  }

  /** Lazy naming: the printer opens a region named by nameRegionsOf. */
  enterRegion(region: Region): void {
    let s: number[] | undefined;
    if (region === this.soleRegion) {
      s = this.soleState;
      this.soleRegion = null;
    } else {
      s = this.regionStates.get(region);
      if (s === undefined) {
        this.becomeEager();
        return;
      }
      this.regionStates.delete(region);
    }
    this.usedNames.reopen(s[3], s[4], s[5], s[6]);
    this.stateStack.push(s[0], s[1], s[2], this.usedNames.depth);
    this.openRegions.push(region);
  }

  exitRegion(): void {
    this.stateStack.length -= 4;
    this.openRegions.length--;
    this.usedNames.popTo(this.stateStack[this.stateStack.length - 1]);
  }

  /** Names the region's blocks and values; returns how many ops it holds directly. */
  private numberValuesInRegion(region: Region): number {
    const parent = region.parentOp;
    if (!this.generic && parent) {
      const hook = parent.name.def?.getAsmBlockArgumentNames;
      if (hook) hook(region, this.setArgName);
    }
    let count = 0;
    const nested = this.nested;
    // Along the block list: `region.blocks` would make an array per region.
    let b = 0;
    const multi = region.firstBlock !== region.lastBlock;
    for (let block = region.firstBlock; block !== null; block = block.nextBlock, b++) {
      if (multi) this.blockIDs.set(block, b);
      const args = block.args;
      for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (this.scan !== undefined) this.scan.type(arg.type);
        if (this.names.has(arg)) continue;
        this.setValueName(arg, this.preferNameLoc(arg, b === 0 ? argName(this.nextArgumentID++) : ''));
      }
      for (let op = block.first; op; op = op.next) {
        this.numberValuesInOp(op);
        if (op.regions.length) nested.push(op);
        count++;
      }
    }
    return count;
  }

  private numberValuesInOp(op: Operation): void {
    if (this.scan !== undefined) this.scan.op(op);
    const def = op.name.def;
    let named = false;
    if (!this.generic && def) {
      if (def.getAsmBlockNames) def.getAsmBlockNames(op, this.setBlockName);
      if (def.getAsmResultNames) {
        this.groups = undefined;
        this.namedFirst = false;
        this.firstResult = op.numResults ? op.result(0) : undefined;
        def.getAsmResultNames(op, this.setResultName);
        named = this.namedFirst;
        const groups = this.groups as number[] | undefined;
        if (groups !== undefined) {
          this.opResultGroups.set(op, groups.sort((a, b) => a - b));
          this.groups = undefined;
        }
      }
    }
    const numResults = op.numResults;
    if (numResults === 0) {
      // Users comments name ops without results by a number from the value sequence.
      if (this.numberOps && !this.operationIDs.has(op)) this.operationIDs.set(op, this.nextValueID++);
      return;
    }
    if (named) return;
    const first = op.result(0);
    if (this.nameLocs) {
      if (this.names.has(first)) return;
      const name = nameFromLocation(first);
      if (name !== undefined) {
        this.setValueName(first, name);
        return;
      }
    }
    this.names.set(first, this.nextValueID++);
  }

  private preferNameLoc(value: Value, name: string): string {
    return this.nameLocs ? nameFromLocation(value) ?? name : name;
  }

  private setValueName(value: Value, name: string): void {
    if (name === '') {
      this.names.set(value, this.nextValueID++);
      return;
    }
    // A name seen before is already sanitized (sanitizing is idempotent) and has its `%` form.
    let prefixed = prefixedNames.get(name);
    if (prefixed === undefined) {
      const clean = sanitizeIdentifier(name);
      if (clean !== name) {
        this.names.set(value, '%' + this.uniqueValueName(clean));
        return;
      }
      prefixed = '%' + name;
      if (prefixedNames.size < MAX_PREFIXED_NAMES) prefixedNames.set(name, prefixed);
    }
    const unique = this.uniqueValueName(name);
    this.names.set(value, unique === name ? prefixed : '%' + unique);
  }

  /** `name` (already sanitized) or, if it is in use, `name_N` with the first free N; marked used. */
  private uniqueValueName(name: string): string {
    if (this.usedNames.has(name)) {
      for (;;) {
        const probe = `${name}_${this.nextConflictID++}`;
        if (!this.usedNames.has(probe)) {
          name = probe;
          break;
        }
      }
    }
    this.usedNames.add(name);
    return name;
  }

  operationID(op: Operation): string {
    const id = this.operationIDs.get(op);
    return id === undefined ? '<<UNKNOWN OPERATION>>' : '%' + id;
  }

  resultGroups(op: Operation): number[] | undefined {
    return this.opResultGroups.get(op);
  }

  /** `%name` or `%name#k` for a value. */
  valueID(value: Value, printResultNo = true): string {
    if (value instanceof OpResult) {
      const owner = value.owner;
      const numResults = owner.numResults;
      if (numResults !== 1) {
        let lookup: Value;
        let resultNo = -1;
        const groups = this.opResultGroups.size ? this.opResultGroups.get(owner) : undefined;
        if (!groups) {
          resultNo = value.index;
          lookup = owner.result(0);
        } else {
          let gi = 0;
          while (gi + 1 < groups.length && groups[gi + 1] <= value.index) gi++;
          const start = groups[gi];
          const size = (gi + 1 < groups.length ? groups[gi + 1] : numResults) - start;
          if (size !== 1) resultNo = value.index - start;
          lookup = owner.result(start);
        }
        const raw = this.names.get(lookup);
        if (raw === undefined) return this.unknownValue(value, printResultNo);
        const s = typeof raw === 'number' ? numberedName(raw) : raw;
        return resultNo >= 0 && printResultNo ? s + '#' + resultNo : s;
      }
    }
    const raw = this.names.get(value);
    return raw === undefined ? this.unknownValue(value, printResultNo) : typeof raw === 'number' ? numberedName(raw) : raw;
  }

  /** A value without a name: lazily, maybe one not named yet. */
  private unknownValue(value: Value, printResultNo = true): string {
    if (!this.lazy) return '<<UNKNOWN SSA VALUE>>';
    this.becomeEager();
    return this.valueID(value, printResultNo);
  }

  /**
   * The printed name of a value that is not a result of a multi-result op:
   * N for `%N`, else its text. (Others: `valueID`.)
   */
  singleName(value: Value): string | number {
    return this.names.get(value) ?? this.unknownValue(value);
  }

  /** The block's name (`^bb3` or a custom one), or undefined if it is not under the root. */
  blockName(block: Block, underRoot = false): string | undefined {
    const custom = this.blockNamesSet?.get(block);
    if (custom !== undefined) return custom;
    const id = this.blockOrdering(block, underRoot);
    return id < 0 ? undefined : (numberedBlocks[id] ??= '^bb' + id);
  }

  /**
   * MLIR's block "ordering": the block's number in its region, -1 if it has
   * none (not under the root). `underRoot`: the caller knows it is (a block
   * being printed), so a one-block region's block needs no walk up.
   */
  blockOrdering(block: Block, underRoot = false): number {
    const id = this.blockIDs.get(block);
    if (id !== undefined) return id;
    const region = block.parent;
    // Only the block of a one-block region has no entry; others are outside the root.
    if (region === null || region.firstBlock !== block || region.lastBlock !== block) {
      if (!this.lazy) return -1;
      this.becomeEager();
      return this.blockOrdering(block, underRoot);
    }
    if (underRoot) return 0;
    // Rare (invalid IR only: such a block is nobody's successor): is the region under the root?
    for (let op = region.parentOp; op !== null; op = op.parentOp) if (op === this.root) return 0;
    if (!this.lazy) return -1;
    this.becomeEager();
    return this.blockOrdering(block, underRoot);
  }

  /** Renames entry arguments of `region` to the names of `values`. */
  shadowRegionArgs(region: Region, values: readonly Value[]): void {
    // Renames are not replayed by becomeEager: prints that rename go on eagerly.
    if (this.lazy) this.becomeEager();
    const args = region.entry.args;
    for (let i = 0; i < values.length; i++) this.names.set(args[i], this.valueID(values[i]));
  }
}

/** Receives printed bytes in order; each chunk is the receiver's to keep. */
export type ByteSink = (chunk: Uint8Array) => void;

/** Bytes a streaming print hands over at a time. */
const SINK_CHUNK = 1 << 20;

/**
 * Lazy naming (see SSANameState.lazy). `holdLimit`: a lazy print holds its
 * output back until it knows no alias is needed, up to this many bytes; then
 * a walk of the tree checks for aliases and the size limit, and the output
 * goes. That walk costs about what lazy naming saves, so the limit is set
 * above the 20 MB benchmark's output (21 MB) while bounding the memory held. For tests, which compare lazy and eager naming: `enabled`,
 * `eagerAfter` (turn eager after naming the regions of this many ops), and
 * counts of lazy prints finished and started over.
 */
export const lazyNaming = { enabled: true, holdLimit: 32 << 20, eagerAfter: Infinity, completed: 0, restarted: 0 };

/**
 * The printed text, as one byte per char in a byte array: a module prints as
 * millions of small pieces, and keeping them as strings until the end costs
 * several times the output's size in memory and garbage collection. Text is a
 * byte string everywhere. Without a sink the array grows and becomes one
 * string at the end; should a wider char appear, the rest is kept as strings
 * so nothing is lost. With a sink, full chunks go to the sink as they fill
 * (no output-sized buffer, no string), and a wider char is written as its low
 * byte, as Node's latin1 encoding of the string would.
 */
class OutputBuffer {
  private bytes: Uint8Array;
  private used = 0;
  /** Text after a char above 0xff, kept as strings. */
  private wide: string[] | undefined;
  length = 0;
  /** Streaming, lazily named: full chunks held back from the sink until `release`. */
  private held: Uint8Array[] | undefined;
  /** Called once when the output passes lazyNaming.holdLimit bytes. */
  onHoldLimit: (() => void) | undefined;

  constructor(private readonly sink?: ByteSink) {
    this.bytes = new Uint8Array(sink ? SINK_CHUNK : 256);
  }

  append(text: string): void {
    const n = text.length;
    this.length += n;
    if (this.wide) {
      if (this.length > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
      this.wide.push(text);
      return;
    }
    let at = this.used;
    if (at + n > this.bytes.length) {
      if (this.sink) {
        this.appendInPieces(text);
        return;
      }
      this.grow(at + n);
    }
    const b = this.bytes;
    // A store keeps a char's low byte; chars above 0xff are looked for after.
    let all = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      all |= c;
      b[at++] = c;
    }
    if (all > 0xff && !this.sink) {
      let i = 0;
      while (text.charCodeAt(i) <= 0xff) i++;
      this.used += i;
      this.wide = [text.slice(i)];
      return;
    }
    this.used = at;
  }

  /** `%N`, its digits written straight into the buffer (no string per number). */
  appendNumbered(id: number): void {
    let digits = 1;
    for (let m = id; m >= 10; m = Math.floor(m / 10)) digits++;
    const n = digits + 1;
    const at = this.used;
    if (this.wide !== undefined || at + n > this.bytes.length) {
      this.append(numberedName(id));
      return;
    }
    this.length += n;
    const b = this.bytes;
    b[at] = 37; // '%'
    for (let j = at + n - 1, m = id; j > at; j--) {
      const q = Math.floor(m / 10);
      b[j] = 48 + m - 10 * q;
      m = q;
    }
    this.used = at + n;
  }

  /** Streaming: fills the current chunk, hands it over, goes on in a new one. */
  private appendInPieces(text: string): void {
    for (let i = 0; i < text.length; ) {
      if (this.used === this.bytes.length) this.flush();
      const b = this.bytes;
      const stop = Math.min(text.length, i + b.length - this.used);
      let at = this.used;
      while (i < stop) b[at++] = text.charCodeAt(i++);
      this.used = at;
    }
  }

  /** Streaming: hands the bytes so far to the sink (or holds them). */
  flush(): void {
    if (!this.sink || this.used === 0) return;
    const chunk = this.bytes.subarray(0, this.used);
    this.bytes = new Uint8Array(SINK_CHUNK);
    this.used = 0;
    if (this.held === undefined) {
      this.sink(chunk);
      return;
    }
    this.held.push(chunk);
    if (this.length >= lazyNaming.holdLimit) this.holdLimitReached();
  }

  /** Streaming: hold full chunks back until `release`. */
  hold(): void {
    if (this.sink) this.held = [];
  }

  /** Streaming: hands the held chunks to the sink; later ones go straight there. */
  release(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    for (let i = 0; i < held.length; i++) this.sink!(held[i]);
  }

  private holdLimitReached(): void {
    const f = this.onHoldLimit;
    this.onHoldLimit = undefined;
    if (f !== undefined) f();
  }

  private grow(min: number): void {
    // Without a sink the text must fit in one string: checked when the buffer grows.
    if (min > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    if (this.onHoldLimit !== undefined && min >= lazyNaming.holdLimit) this.holdLimitReached();
    let size = this.bytes.length * 2;
    while (size < min) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.used));
    this.bytes = bigger;
  }

  toString(): string {
    const parts: string[] = [];
    const CHUNK = 8192;
    for (let i = 0; i < this.used; i += CHUNK)
      parts.push(String.fromCharCode.apply(null, this.bytes.subarray(i, Math.min(i + CHUNK, this.used)) as unknown as number[]));
    if (this.wide) parts.push(...this.wide);
    return parts.join('');
  }
}

/**
 * Whether printing a module might print an element with an alias, so that
 * the alias collection pass (which runs every printer over the whole tree) is
 * needed; the naming walk shows it every op. Asked only when no aliasable kind
 * of element that a printer could make up exists at all (see
 * aliasableElementsCreated) and locations are not printed. Then `found` stays
 * false unless some dialect's alias hook names a type or attribute stored in
 * the IR or nested in one (such as a location inside an attribute): the
 * collection pass asks the same hooks about the same closure of elements.
 */
/** The last AliasScan's number. */
let lastScanMark = 0;

class AliasScan {
  found = false;
  private readonly hooks: ((e: Attribute | Type) => string | undefined)[] = [builtinGetAlias];
  /** Marks the elements this scan has seen (`printerScanMark`): a compare, not a set lookup. */
  private readonly mark = ++lastScanMark;
  private readonly visitor = (e: Attribute | Type): void => this.visit(e);
  // Most ops repeat the types just seen: a one-entry cache spares the set lookups.
  private lastType: Type | null = null;

  /**
   * `operandTypes`: also look at every operand's type. Not needed for
   * verified IR: an operand is then the root's own (looked at here) or a
   * value defined in the tree, whose type is seen as a result or block
   * argument type. Reading each operand's value is a cache miss per operand.
   */
  constructor(
    ctx: Context,
    root: Operation,
    private readonly operandTypes: boolean,
  ) {
    for (const name of ctx.dialectNames) {
      const d = ctx.getDialect(name);
      if (d?.getAlias && d.getAlias !== builtinGetAlias) this.hooks.push(d.getAlias.bind(d));
    }
    for (let i = 0, n = root.numOperands; i < n; i++) this.type(root.operand(i).type);
  }

  type(t: Type): void {
    if (t !== this.lastType) this.visit((this.lastType = t));
  }

  op(op: Operation): void {
    if (this.found) return;
    for (let i = 0, n = op.numResults; i < n; i++) this.type(op.result(i).type);
    if (this.operandTypes) for (let i = 0, n = op.numOperands; i < n; i++) this.type(op.operand(i).type);
    const opaque = op.opaqueProperties;
    if (opaque) this.visit(opaque);
    for (let i = 0, n = op.numProperties; i < n; i++) this.visit(op.propertyValue(i));
    const attrs = op.attributesView;
    if (attrs.size) for (const a of attrs.values()) this.visit(a);
  }

  private visit(e: Attribute | Type): void {
    if (this.found || e.printerScanMark === this.mark) return;
    e.printerScanMark = this.mark;
    const hooks = this.hooks;
    for (let i = 0; i < hooks.length; i++)
      if (hooks[i](e)) {
        this.found = true;
        return;
      }
    if (e instanceof Attribute) {
      const t = e.type;
      if (t) this.visit(t);
    }
    e.walkImmediateSubElements(this.visitor);
  }
}

/**
 * Gives `scan` every op and block argument type under `op` and returns the
 * spaces their indentation takes (stopping past `limit`), as the eager
 * naming walk does.
 */
function scanTree(op: Operation, scan: AliasScan, limit: number): number {
  let total = 0;
  const ops: Operation[] = [op];
  const depths: number[] = [0];
  scan.op(op);
  while (ops.length) {
    const o = ops.pop()!;
    const inner = depths.pop()! + 1;
    for (const r of o.regions)
      for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
        const args = b.args;
        for (let i = 0; i < args.length; i++) scan.type(args[i].type);
        for (let c = b.first; c !== null; c = c.next) {
          scan.op(c);
          total += 2 * inner;
          if (total > limit) return total;
          if (c.regions.length !== 0) {
            ops.push(c);
            depths.push(inner);
          }
        }
      }
  }
  return total;
}

/** A region a custom printer asked for, printed once the op's own text is queued. */
interface RegionTask {
  /** 'regionEnd' once opened: then it closes the region. */
  kind: 'region' | 'regionEnd';
  /** Set when opened: the region pushed a default dialect. */
  pushedDialect: boolean;
  region: Region;
  printEntryBlockArgs: boolean;
  printBlockTerminators: boolean;
  printEmptyBlock: boolean;
  /** The indentation of the op that prints the region. */
  indent: number;
}

/**
 * A block: first its header comes next ('block'); then, advanced in place,
 * the rest of its ops ('ops'). One object per block, one shape.
 */
class BlockTask {
  next: Operation | null = null;
  stop: Operation | null = null;
  kind: 'block' | 'ops' = 'block';
  constructor(
    readonly block: Block,
    readonly printHeader: boolean,
    readonly printTerminator: boolean,
    public indent: number,
  ) {}
}

/**
 * The printer's explicit stack (it does not recurse on nesting depth): text
 * and printer calls to replay in order, regions, blocks, and block cursors.
 */
type PrintTask = string | (() => void) | RegionTask | BlockTask;

/** Prints IR. One instance prints one op tree (top-level op or diagnostic op). */
export class Printer implements OpAsmPrinter {
  private out = new OutputBuffer();
  private indent = 0;
  private readonly defaultDialectStack: string[] = ['builtin'];
  private names!: SSANameState;
  private aliases: AliasState | undefined;
  /** When set, printing only collects aliases. */
  private collecting = false;
  /** Work left, innermost last (see PrintTask). */
  private readonly tasks: PrintTask[] = [];
  /**
   * Set once the op being printed has asked for a region: from there on its
   * printer's output and calls are queued behind the region (in order), so a
   * custom printer never waits on the ops nested in it. Null: print directly.
   */
  private pending: PrintTask[] | null = null;

  constructor(
    readonly ctx: Context,
    readonly options: PrintOptions = {},
  ) {}

  get elideElementsAttrsIfLarger(): number | undefined {
    return this.options.elideElementsAttrsIfLarger;
  }

  get printDebugInfo(): boolean {
    return !!this.options.debugInfo;
  }

  // ---- entry points

  /** Prints `op` the way `Operation::print` does. */
  printOperation(op: Operation): string {
    this.print(op, undefined);
    return this.out.toString();
  }

  /**
   * Prints `op` as `printOperation` does, handing the bytes to `sink` in
   * chunks as they are made: no string, and no limit on the output's size.
   */
  printOperationTo(op: Operation, sink: ByteSink): void {
    this.print(op, sink);
    this.out.flush();
  }

  private print(op: Operation, sink: ByteSink | undefined): void {
    // Like MLIR, print an op that fails to verify in the generic form, since
    // custom printers may rely on invariants.
    if (!this.options.generic && !this.options.assumeVerified) {
      const ok = this.ctx.diagnostics.withHandler(() => true, () => new Verifier(this.ctx).verify(op));
      if (!ok) {
        const generic = new Printer(this.ctx, { ...this.options, generic: true });
        generic.print(op, sink);
        this.out = generic.out;
        return;
      }
    }
    const limit = sink ? MAX_STREAMED_BYTES : MAX_OUTPUT_CHARS;
    let root = op;
    for (;;) {
      if (this.options.localScope && root.hasTrait(Traits.IsolatedFromAbove)) break;
      const parent = root.parentOp;
      if (!parent) break;
      root = parent;
    }
    const generic = !!this.options.generic;
    if (root !== op && indentationVolume(op, limit) > limit) throw new OutputTooLargeError(limit);
    // Aliases are printed for a top-level op only (then it is the naming root).
    const withAliases = !op.parentBlock && !this.options.localScope;
    // Verified here or by the caller: every operand is the root's own or a value defined in the tree.
    const verified = !!this.options.assumeVerified || !this.options.generic;
    const scan = withAliases && !this.options.debugInfo && aliasableElementsCreated() === 0 ? new AliasScan(this.ctx, op, !verified) : undefined;
    // Lazy naming: the default numbering of a top-level op with nothing that may get an alias.
    const o = this.options;
    if (lazyNaming.enabled && scan !== undefined && !generic && !o.uniqueSSAIds && !o.printValueUsers && !o.skipRegions && !o.useNameLocAsPrefix && this.printLazily(op, sink, scan, limit)) return;
    this.names = new SSANameState(root, generic, generic || !!this.options.uniqueSSAIds, !!this.options.printValueUsers, !!this.options.useNameLocAsPrefix, scan);
    // Naming walked the whole tree: its count of indentation is the op's when the op is the root.
    if (root === op && this.names.indentVolume > limit) throw new OutputTooLargeError(limit);
    this.out = new OutputBuffer(sink);
    this.ownDistinctIds = undefined;
    if (withAliases && scan !== undefined && !scan.found) {
      // Nothing in the IR can get an alias: print once, without the collection pass.
      this.aliases = undefined;
      this.printTree(op);
      this.write('\n');
      this.write(resourceMetadataText(this.ctx, op));
    } else if (withAliases) {
      this.aliases = new AliasState(this.ctx, { printDebugInfo: !!this.options.debugInfo });
      this.collecting = true;
      this.printTree(op);
      this.collecting = false;
      this.aliases.finalize();
      this.out = new OutputBuffer(sink);
      this.write(this.aliases.printDefinitions(this, false));
      this.printTree(op);
      this.write('\n');
      this.write(this.aliases.printDefinitions(this, true));
      this.write(resourceMetadataText(this.ctx, op));
    } else {
      this.aliases = undefined;
      this.printTree(op);
    }
  }

  /**
   * Prints a top-level op naming each op's regions just before it prints
   * (see SSANameState.lazy), the alias scan riding on the print. The output
   * is held back until the scan has seen the whole tree: at the end, or past
   * lazyNaming.holdLimit bytes by a walk of its own. Returns false, with
   * nothing printed, if the scan found a possible alias: the print starts
   * over with the alias collection pass.
   */
  private printLazily(op: Operation, sink: ByteSink | undefined, scan: AliasScan, limit: number): boolean {
    this.names = new SSANameState(op, false, false, false, false, scan, true);
    const out = (this.out = new OutputBuffer(sink));
    out.hold();
    out.onHoldLimit = () => {
      // The eager path's checks before the first byte, on the whole tree;
      // then the held output can go (a name missed later turns the naming
      // eager in place, see becomeEager: only an alias starts the print over).
      const names = this.names;
      if ((names.lazy ? scanTree(op, scan, limit) : names.indentVolume) > limit) throw new OutputTooLargeError(limit);
      if (scan.found) throw new LazyNamingMiss();
      out.release();
    };
    this.ownDistinctIds = undefined;
    this.aliases = undefined;
    const indent = this.indent;
    const dialects = this.defaultDialectStack.length;
    const tasks = this.tasks.length;
    try {
      this.printTree(op);
      if (scan.found) throw new LazyNamingMiss();
    } catch (e) {
      if (!(e instanceof LazyNamingMiss)) throw e;
      this.tasks.length = tasks;
      this.pending = null;
      this.indent = indent;
      this.defaultDialectStack.length = dialects;
      lazyNaming.restarted++;
      return false;
    }
    this.write('\n');
    this.write(resourceMetadataText(this.ctx, op));
    out.release();
    lazyNaming.completed++;
    return true;
  }

  // ---- the explicit stack

  /** Prints `op` with everything nested in it, iteratively. */
  private printTree(op: Operation): void {
    const base = this.tasks.length;
    const indent = this.indent;
    this.printOpQueueingRegions(op, false);
    this.drain(base);
    this.indent = indent;
  }

  private drain(base: number): void {
    const tasks = this.tasks;
    while (tasks.length > base) {
      const t = tasks.pop()!;
      if (typeof t === 'string') this.write(t);
      else if (typeof t === 'function') t();
      else if (t instanceof BlockTask) {
        if (t.kind === 'block') {
          this.openBlock(t);
          continue;
        }
        // The block's ops in a row, until one asks for a region: then the
        // rest of the block waits under what that op queued.
        const stop = t.stop;
        for (let op = t.next; op !== null && op !== stop; ) {
          const next = op.next;
          this.indent = t.indent;
          this.printFullOpWithIndentAndLoc(op);
          this.write('\n');
          const queued = this.pending;
          if (queued !== null) {
            this.pending = null;
            t.next = next;
            tasks.push(t);
            for (let i = queued.length - 1; i >= 0; i--) tasks.push(queued[i]);
            break;
          }
          op = next;
        }
      } else if (t.kind === 'region') this.openRegion(t);
      else this.closeRegion(t);
    }
  }

  /** Prints one op; what follows its first region goes on the stack, above the region. */
  private printOpQueueingRegions(op: Operation, newline: boolean): void {
    this.printFullOpWithIndentAndLoc(op);
    if (newline) this.write('\n');
    const queued = this.pending;
    if (!queued) return;
    this.pending = null;
    for (let i = queued.length - 1; i >= 0; i--) this.tasks.push(queued[i]);
  }

  private openRegion(t: RegionTask): void {
    const region = t.region;
    const tasks = this.tasks;
    this.indent = t.indent;
    if (!this.collecting) this.write('{\n');
    // The task itself comes back as the region's end (no closure per region).
    t.kind = 'regionEnd';
    t.pushedDialect = !region.empty;
    tasks.push(t);
    if (region.empty) return;
    if (this.names.lazy) this.names.enterRegion(region);
    this.defaultDialectStack.push(region.parentOp?.name.def?.defaultDialect ?? '');
    const entry = region.entry;
    for (let b = region.lastBlock; b !== null && b !== entry; b = b.prevBlock)
      tasks.push(new BlockTask(b, true, true, t.indent));
    const header = this.collecting
      ? t.printEntryBlockArgs
      : (t.printEmptyBlock && entry.empty) || (t.printEntryBlockArgs && entry.args.length !== 0);
    tasks.push(new BlockTask(entry, header, t.printBlockTerminators, t.indent));
  }

  private closeRegion(t: RegionTask): void {
    if (t.pushedDialect) {
      this.defaultDialectStack.pop();
      if (this.names.lazy) this.names.exitRegion();
    }
    if (this.collecting) return;
    this.indent = t.indent;
    this.writeIndent();
    this.write('}');
  }

  // ---- AttrTypePrinter

  tryPrintAlias(element: Attribute | Type): boolean {
    if (this.collecting) return false;
    const alias = this.aliases?.aliasOf(element);
    if (alias && this.pending) this.pending.push(alias);
    else if (alias) this.out.append(alias);
    return alias !== undefined;
  }

  private ownDistinctIds: DistinctIds | undefined;
  distinctId(attr: Attribute): number {
    return (this.aliases?.distinctIds ?? (this.ownDistinctIds ??= new DistinctIds())).get(attr);
  }

  /** The current indentation (without a string per depth beyond INDENT_CACHED). */
  private writeIndent(): void {
    let n = this.indent;
    for (; n > INDENT_CACHED; n -= INDENT_CACHED) this.write(indentation(INDENT_CACHED));
    this.write(indentation(n));
  }

  write(text: string): void {
    if (this.collecting) return;
    if (this.pending) {
      this.pending.push(text);
      return;
    }
    this.out.append(text);
  }
  printType(type: Type): void {
    if (this.pending) {
      this.pending.push(() => this.printType(type));
      return;
    }
    if (this.collecting) {
      this.aliases!.visitType(type);
      return;
    }
    if (this.aliases === undefined) {
      // Without aliases a type prints as its (cached) canonical text.
      this.write(type.key);
      return;
    }
    const alias = this.aliases.aliasOf(type);
    if (alias) this.out.append(alias);
    else type.print(this);
  }
  printAttribute(attr: Attribute): void {
    if (this.pending) {
      this.pending.push(() => this.printAttribute(attr));
      return;
    }
    if (this.collecting) {
      this.aliases!.visitAttribute(attr);
      return;
    }
    const alias = this.aliases?.aliasOf(attr);
    if (alias) this.out.append(alias);
    else attr.print(this);
  }
  printAttributeWithoutType(attr: Attribute): void {
    if (this.pending) {
      this.pending.push(() => this.printAttributeWithoutType(attr));
      return;
    }
    if (this.collecting) {
      this.aliases!.visitAttribute(attr, false, true);
      return;
    }
    const alias = this.aliases?.aliasOf(attr);
    if (alias) this.out.append(alias);
    else attr.printWithoutType(this);
  }
  printNestedLocation(loc: Location): void {
    if (this.pending) {
      this.pending.push(() => this.printNestedLocation(loc));
      return;
    }
    this.printAttributeOrBody(loc);
  }
  private printAttributeOrBody(loc: Location): void {
    const alias = this.aliases?.aliasOf(loc);
    if (alias) this.out.append(alias);
    else loc.printBody(this);
  }

  // ---- operations

  private printFullOpWithIndentAndLoc(op: Operation): void {
    if (!this.collecting) this.writeIndent();
    this.printFullOp(op);
    // Only read the location when printing it: a parsed op's location is made on first use.
    if (this.options.debugInfo) this.printTrailingLocation(op.location, true);
    if (this.options.printValueUsers && !this.collecting) this.printUsersComment(op);
  }

  // ---- users comments (--mlir-print-value-users)

  private printUsersComment(op: Operation): void {
    const n = op.numResults;
    if (n === 0) {
      if (op.numOperands) this.write(' // id: ' + this.names.operationID(op));
      return;
    }
    const users = new Set<Operation>();
    let usedInResults = 0;
    for (let i = 0; i < n; i++)
      for (let u: OpOperand | null = op.result(i).firstUse; u; u = u.nextUse)
        if (!users.has(u.owner)) {
          users.add(u.owner);
          usedInResults += u.owner.numResults;
        }
    if (users.size === 0) {
      this.write(' // unused');
      return;
    }
    const single = usedInResults <= 1 && users.size <= 1 && n === 1;
    this.write(single ? ' // user: ' : ' // users: ');
    for (let i = 0; i < n; i++) {
      if (i) this.write(', ');
      if (n > 1) this.write('(');
      this.printValueUsers(op.result(i));
      if (n > 1) this.write(')');
    }
  }

  private printBlockArgUsers(arg: BlockArgument): void {
    this.writeIndent();
    this.write('// ' + this.names.valueID(arg));
    if (arg.firstUse === null) this.write(' is unused');
    else {
      this.write(' is used by ');
      this.printValueUsers(arg);
    }
    this.write('\n');
  }

  /** The users of a value, each op once: its results, or its number when it has none. */
  private printValueUsers(value: Value): void {
    if (value.firstUse === null) {
      this.write('unused');
      return;
    }
    const seen = new Set<Operation>();
    for (let u: OpOperand | null = value.firstUse; u; u = u.nextUse) {
      const user = u.owner;
      if (seen.has(user)) continue;
      if (seen.size) this.write(', ');
      seen.add(user);
      if (user.numResults === 0) this.write(this.names.operationID(user));
      else
        for (let i = 0; i < user.numResults; i++) {
          if (i) this.write(', ');
          this.write(this.names.valueID(user.result(i)));
        }
    }
  }

  private printTrailingLocation(loc: Location, allowAlias: boolean): void {
    if (!this.options.debugInfo) return;
    if (this.pending) {
      this.pending.push(() => this.printTrailingLocation(loc, allowAlias));
      return;
    }
    if (this.collecting) {
      this.aliases!.visitAttribute(loc, allowAlias);
      return;
    }
    this.write(' ');
    this.printLocation(loc, allowAlias);
  }

  private printLocation(loc: Location, allowAlias: boolean): void {
    if (this.options.prettyDebugInfo) {
      const flc = loc.fileLineCol();
      this.write(flc ? `${flc.filename}:${flc.line}:${flc.column}` : '[unknown]');
      return;
    }
    this.write('loc(');
    const alias = allowAlias ? this.aliases?.aliasOf(loc) : undefined;
    if (alias) this.write(alias);
    else loc.printBody(this);
    this.write(')');
  }

  printOptionalLocationSpecifier(loc: Location): void {
    this.printTrailingLocation(loc, false);
  }

  private printFullOp(op: Operation): void {
    if (op.regions.length !== 0 && this.names.lazy) this.names.nameRegionsOf(op);
    const n = op.numResults;
    // While collecting aliases only types and attributes matter: skip the names.
    if (n && !this.collecting) {
      const names = this.names;
      const groups = n > 1 ? names.resultGroups(op) : undefined;
      if (groups) {
        for (let i = 0; i < groups.length; i++) {
          if (i) this.write(', ');
          const start = groups[i];
          const count = (i + 1 < groups.length ? groups[i + 1] : n) - start;
          this.write(names.valueID(op.result(start), false));
          if (count > 1) this.write(':' + count);
        }
      } else {
        // Without groups, a multi-result op's results print as result 0's name.
        this.writeName(names.singleName(op.result(0)));
        if (n > 1) this.write(':' + n);
      }
      this.write(' = ');
    }
    if (this.collecting && this.options.debugInfo) {
      const loc = op.location;
      if (this.pending) this.pending.push(() => this.aliases!.visitAttribute(loc, true));
      else this.aliases!.visitAttribute(loc, true);
    }
    const def = op.name.def;
    if (!this.options.generic && def !== undefined) {
      // A compiled assembly format is called directly (one monomorphic call
      // for most ops); other custom printers, and a format's first print, through the hook.
      const format = def.formatPrinter;
      if (format !== undefined || def.print) {
        this.write(this.customOpName(op.name));
        if (format !== undefined) format.print(this, op);
        else def.print!(this, op);
        return;
      }
    }
    this.printGenericOp(op);
  }

  /** Custom-form op names without the default dialect's prefix, per default dialect. */
  private readonly opNameCaches = new Map<string, Map<OperationName, string>>();
  private opNameCacheDialect: string | undefined;
  private opNameCache: Map<OperationName, string> | undefined;

  /** The op's name as its custom form prints it: without the default dialect's prefix. */
  private customOpName(opName: OperationName): string {
    const dialect = this.defaultDialectStack[this.defaultDialectStack.length - 1];
    let cache = this.opNameCache;
    if (dialect !== this.opNameCacheDialect || cache === undefined) {
      cache = this.opNameCaches.get(dialect);
      if (cache === undefined) this.opNameCaches.set(dialect, (cache = new Map()));
      this.opNameCache = cache;
      this.opNameCacheDialect = dialect;
    }
    let printed = cache.get(opName);
    if (printed === undefined) {
      const name = opName.name;
      printed = name.startsWith(dialect + '.') && name.indexOf('.') === name.lastIndexOf('.') ? name.slice(dialect.length + 1) : name;
      cache.set(opName, printed);
    }
    return printed;
  }

  printCustomOrGenericOp(op: Operation): void {
    this.printFullOp(op);
  }

  /** The properties of a registered op as one dictionary, or its opaque `<...>` attribute. */
  private propertiesAttribute(op: Operation): Attribute | undefined {
    if (op.opaqueProperties) return op.opaqueProperties;
    if (op.numProperties === 0) return undefined;
    return DictionaryAttr.get([...op.propertiesView.entries()]);
  }

  printGenericOp(op: Operation, printOpName = true): void {
    if (this.collecting) {
      if (!this.options.skipRegions) for (const r of op.regions) this.printRegion(r, { printEmptyBlock: true });
      for (let i = 0, n = op.numOperands; i < n; i++) this.printType(op.operand(i).type);
      for (let i = 0, n = op.numResults; i < n; i++) this.printType(op.result(i).type);
      const props = this.propertiesAttribute(op);
      if (props) this.printAttribute(props);
      for (const a of op.attributesView.values()) this.printAttribute(a);
      return;
    }
    if (printOpName) this.write(escapeString(op.name.name));
    this.write('(');
    this.printOperands(op.operands);
    this.write(')');
    if (op.successorList.length) {
      this.write('[');
      op.successorList.forEach((s, i) => {
        if (i) this.write(', ');
        this.printSuccessor(s.block);
      });
      this.write(']');
    }
    const props = this.propertiesAttribute(op);
    if (props) {
      this.write(' <');
      this.printAttribute(props);
      this.write('>');
    }
    if (op.regions.length) {
      this.write(' (');
      op.regions.forEach((r, i) => {
        if (i) this.write(', ');
        this.printRegion(r, { printEmptyBlock: true });
      });
      this.write(')');
    }
    this.printOptionalAttrDict(op.attributesView);
    this.write(' : ');
    this.printFunctionalType(op);
  }

  // ---- regions and blocks

  printRegion(region: Region, options: PrintRegionOptions = {}): void {
    if (this.options.skipRegions) {
      this.write('{...}');
      return;
    }
    if (this.collecting && region.empty) return;
    (this.pending ??= []).push({
      kind: 'region',
      pushedDialect: false,
      region,
      printEntryBlockArgs: options.printEntryBlockArgs ?? true,
      printBlockTerminators: options.printBlockTerminators ?? true,
      printEmptyBlock: options.printEmptyBlock ?? false,
      indent: this.indent,
    });
  }

  /** A block's header (and users comments); its ops go on the stack. */
  private openBlock(t: BlockTask): void {
    const block = t.block;
    this.indent = t.indent;
    if (this.collecting) {
      if (t.printHeader)
        for (const arg of block.args) {
          this.printType(arg.type);
          if (this.options.debugInfo) this.aliases!.visitAttribute(arg.location, false);
        }
    } else if (t.printHeader) {
      this.writeIndent();
      this.write(this.names.blockName(block, true) ?? '^INVALIDBLOCK');
      if (block.args.length) {
        this.write('(');
        block.args.forEach((arg, i) => {
          if (i) this.write(', ');
          this.writeName(this.names.singleName(arg));
          this.write(': ');
          this.printType(arg.type);
          // A parsed argument's location is made on first read: only when printed.
          if (this.options.debugInfo) this.printTrailingLocation(arg.location, false);
        });
        this.write(')');
      }
      this.write(':');
      if (!block.parent) this.write('  // block is not in a region!');
      else if (!block.hasPredecessors) {
        if (!block.isEntryBlock) this.write('  // no predecessors');
      } else {
        const preds = block.predecessors();
        // MLIR's getSinglePredecessor: exactly one use, not one distinct block.
        if (preds.length === 1) {
          this.write('  // pred: ' + this.blockName(preds[0]));
        } else {
          const infos = preds.map((p) => ({ ordering: this.names.blockOrdering(p), name: this.names.blockName(p) ?? 'INVALIDBLOCK' }));
          infos.sort((a, b) => a.ordering - b.ordering);
          this.write(`  // ${infos.length} preds: ` + infos.map((i) => i.name).join(', '));
        }
      }
      this.write('\n');
    }
    this.indent += 2;
    if (this.options.printValueUsers && !this.collecting) for (const arg of block.args) this.printBlockArgUsers(arg);
    const last = block.last;
    const hasTerminator = last !== null && last.hasTrait(Traits.IsTerminator);
    const stop = t.printTerminator || !hasTerminator ? null : last;
    t.kind = 'ops';
    t.next = block.first;
    t.stop = stop;
    t.indent = this.indent;
    this.tasks.push(t);
  }

  private blockName(block: Block): string {
    return this.names.blockName(block) ?? '^INVALIDBLOCK';
  }

  printRegionArgument(arg: BlockArgument, argAttrs?: Attribute, omitType = false): void {
    if (!this.collecting) this.writeName(this.names.singleName(arg));
    if (!omitType) {
      this.write(': ');
      this.printType(arg.type);
    }
    if (argAttrs instanceof DictionaryAttr && argAttrs.entries.length) this.printOptionalAttrDict(argAttrs.entries);
    if (this.options.debugInfo) this.printTrailingLocation(arg.location, false);
  }

  printSuccessor(block: Block): void {
    if (!this.collecting) this.write(this.blockName(block));
  }

  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void {
    this.printSuccessor(block);
    if (!operands.length) return;
    this.write('(');
    this.printOperands(operands);
    this.write(' : ');
    this.printTypes(operands.map((v) => v.type));
    this.write(')');
  }

  shadowRegionArgs(region: Region, values: readonly Value[]): void {
    // In order with the regions already queued (it renames what they print).
    if (this.pending) this.pending.push(() => this.names.shadowRegionArgs(region, values));
    else this.names.shadowRegionArgs(region, values);
  }

  // ---- small pieces

  printOperand(value: Value): void {
    if (!this.collecting) this.writeValue(value);
  }
  /** A value's name, `%N` written as digits. */
  private writeValue(value: Value): void {
    const names = this.names;
    this.writeName(value instanceof OpResult && value.owner.numResults !== 1 ? names.valueID(value) : names.singleName(value));
  }
  private writeName(name: string | number): void {
    if (typeof name === 'string') this.write(name);
    else if (this.collecting) return;
    else if (this.pending) this.pending.push(numberedName(name));
    else this.out.appendNumbered(name);
  }
  valueName(value: Value): string {
    return this.collecting ? '' : this.names.valueID(value);
  }
  printOperands(values: readonly Value[]): void {
    if (this.collecting) return;
    for (let i = 0; i < values.length; i++) {
      if (i) this.write(', ');
      this.writeValue(values[i]);
    }
  }
  printTypes(types: readonly Type[]): void {
    for (let i = 0; i < types.length; i++) {
      if (i) this.write(', ');
      this.printType(types[i]);
    }
  }
  printArrowTypeList(types: readonly Type[]): void {
    if (!types.length) return;
    this.write(' -> ');
    const wrap = types.length > 1 || types[0] instanceof FunctionType;
    if (wrap) this.write('(');
    this.printTypes(types);
    if (wrap) this.write(')');
  }
  printFunctionType(inputs: readonly Type[], results: readonly Type[]): void {
    this.write('(');
    this.printTypes(inputs);
    this.write(') -> ');
    const wrap = results.length !== 1 || results[0] instanceof FunctionType;
    if (wrap) this.write('(');
    this.printTypes(results);
    if (wrap) this.write(')');
  }
  printFunctionalType(op: Operation): void {
    this.printFunctionType(
      op.operandList.map((o) => o.value.type),
      op.results.map((r) => r.type),
    );
  }

  printOptionalAttrDict(attrs: Iterable<readonly [string, Attribute]>, elided: readonly string[] = []): void {
    if (attrs instanceof Map ? attrs.size === 0 : Array.isArray(attrs) && attrs.length === 0) return;
    const list = [...attrs].filter(([k]) => !elided.includes(k)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    if (!list.length) return;
    this.write(' {');
    list.forEach(([k, v], i) => {
      if (i) this.write(', ');
      this.printNamedAttribute(k, v);
    });
    this.write('}');
  }
  printOptionalAttrDictWithKeyword(attrs: Iterable<readonly [string, Attribute]>, elided: readonly string[] = []): void {
    const list = [...attrs].filter(([k]) => !elided.includes(k));
    if (!list.length) return;
    this.write(' attributes');
    this.printOptionalAttrDict(list);
  }
  private printNamedAttribute(name: string, value: Attribute): void {
    this.printKeywordOrString(name);
    if (value instanceof UnitAttr) {
      if (this.collecting) this.printAttribute(value);
      return;
    }
    this.write(' = ');
    this.printAttribute(value);
  }

  printSymbolName(name: string): void {
    this.write('@' + (isBareIdentifier(name) ? name : escapeString(name)));
  }
  printString(value: string): void {
    this.write(escapeString(value));
  }
  printKeywordOrString(value: string): void {
    this.write(isBareIdentifier(value) ? value : escapeString(value));
  }
  printNewline(): void {
    this.write('\n');
    this.writeIndent();
  }
  increaseIndent(): void {
    this.indent += 2;
  }
  decreaseIndent(): void {
    this.indent -= 2;
  }
}

/** True if `s` can be printed as a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`). */
export function isBareIdentifier(s: string): boolean {
  // A char loop: the regular expression was a visible share of a cold print.
  const n = s.length;
  if (n === 0) return false;
  const c0 = s.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95)) return false;
  for (let i = 1; i < n; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46)) return false;
  }
  return true;
}

/** Prints an op for a diagnostic note: generic form, local scope. */
export function printOpForDiagnostic(ctx: Context, op: Operation, options: PrintOptions = {}): string {
  return new Printer(ctx, { ...options, generic: true, localScope: true, assumeVerified: true }).printOperation(op);
}

/** Plain text of a type or attribute, as in diagnostics. */
export function attrTypeText(e: Type | Attribute): string {
  const p = new PlainAttrTypePrinter();
  if ('walkImmediateSubElements' in e && e instanceof Object) (e as Attribute).print(p);
  return p.out;
}

// Parsing of operations, regions and blocks, with SSA name scopes and forward
// references, in both the generic form and dialects' custom forms.

import type { Attribute, Type } from '../ir/attributes.js';
import { DenseArrayAttr, DictionaryAttr } from '../ir/builtin-attributes.js';
import { FunctionType, IntegerType, isSignlessInteger } from '../ir/builtin-types.js';
import { Traits, type Context, type OperationName } from '../ir/context.js';
import { Location, UnknownLoc } from '../ir/location.js';
import { objectList } from '../ir/object-list.js';
import { Block, type BlockArgument, newBlockArgument, Operation, Region, Value, setFlatProperty } from '../ir/operation.js';
import { parseDictionaryAttribute, parseLocationAfterParen, resolveDeferredLocations } from './attribute-parser.js';
import { Tok } from './lexer.js';
import {
  type Argument,
  type Delimiter,
  type OpAsmParser,
  OperationState,
  type RegionRequest,
  type UnresolvedOperand,
} from '../ir/op-asm.js';
import { ParseAbort, Parser, type ParserState } from './parser.js';
import { SourceFile } from './source.js';
import { parseResourceSection } from './resource-parser.js';

/** A value used before its definition; replaced when the definition is parsed. */
class ForwardRefValue extends Value {
  get definingOp(): null {
    return null;
  }
  get parentBlock(): null {
    return null;
  }
}

/**
 * A name's values: value #0 itself (most names), or a list by result number
 * (`%x:2`, `%x#1`). No record per definition: where a value was defined (or
 * a placeholder first used) is kept in its `mark` while its name is in scope
 * (the parser owns the marks of the values it makes until their scope ends,
 * when they are reset to 0).
 */
type NameEntry = Value | (Value | undefined)[];

function entryValue(e: NameEntry | undefined, number: number): Value | undefined {
  if (e === undefined) return undefined;
  if (e instanceof Value) return number === 0 ? e : undefined;
  return e[number];
}

/** FNV-1a of a name's chars, mixed so that its low bits (the table's index) vary. */
function nameHash(name: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h ^ (h >>> 15);
}

/** Names in an isolated scope past which its table becomes a Map (see NameTable). */
const BIG_TABLE = 4096;

/**
 * An isolated scope's names to their values: an open-addressing table keyed
 * by the name, hashed by `nameHash`. Every SSA use and definition looks up a
 * freshly sliced name: a Map hashes it in a runtime call first, while names
 * are short enough to hash inline. A name whose scope ended maps to
 * undefined rather than being removed (as before with the Map: a function's
 * names stay as keys until it ends). Names and values are side by side in
 * one list ([name, value] per slot), the hashes in a typed array. Past
 * BIG_TABLE names the table moves into a Map: a function of 10^5 names
 * made this table's growth and its lookups' cache misses cost more than the
 * Map's (a cold parse of one 400,000-op function took 14 % longer).
 */
class NameTable {
  private slots: (string | NameEntry | undefined)[];
  private hashes: Int32Array;
  private mask: number;
  private count = 0;
  private big: Map<string, NameEntry | undefined> | null = null;
  constructor() {
    this.slots = new Array<string | NameEntry | undefined>(32).fill(undefined);
    this.hashes = new Int32Array(16);
    this.mask = 15;
  }
  /** The slot holding `name` (hash `h`), or the empty slot where it would go. */
  private slot(name: string, h: number): number {
    const slots = this.slots;
    const hashes = this.hashes;
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const k = slots[2 * i];
      if (k === undefined || (hashes[i] === h && k === name)) return i;
    }
  }
  get(name: string, h: number): NameEntry | undefined {
    if (this.big !== null) return this.big.get(name);
    return this.slots[2 * this.slot(name, h) + 1] as NameEntry | undefined;
  }
  set(name: string, h: number, value: NameEntry | undefined): void {
    if (this.big !== null) {
      this.big.set(name, value);
      return;
    }
    const i = this.slot(name, h);
    const slots = this.slots;
    slots[2 * i + 1] = value;
    if (slots[2 * i] !== undefined) return;
    slots[2 * i] = name;
    this.hashes[i] = h;
    if (++this.count * 2 > this.mask) this.grow();
  }
  /** Sets `name` to undefined, returning what it held. */
  take(name: string, h: number): NameEntry | undefined {
    if (this.big !== null) {
      const e = this.big.get(name);
      if (e !== undefined) this.big.set(name, undefined);
      return e;
    }
    const at = 2 * this.slot(name, h) + 1;
    const v = this.slots[at] as NameEntry | undefined;
    this.slots[at] = undefined;
    return v;
  }
  /** Resets the marks of every value held (at the end of the isolated scope: the table goes with it). */
  resetMarks(): void {
    if (this.big !== null) {
      for (const e of this.big.values()) {
        if (e === undefined) continue;
        if (e instanceof Value) e.mark = 0;
        else for (const v of e) if (v !== undefined) v.mark = 0;
      }
      return;
    }
    const slots = this.slots;
    for (let i = 1; i < slots.length; i += 2) {
      const e = slots[i] as NameEntry | undefined;
      if (e === undefined) continue;
      if (e instanceof Value) e.mark = 0;
      else for (const v of e) if (v !== undefined) v.mark = 0;
    }
  }
  private grow(): void {
    // One tight loop (a table of a long function's names grows while the
    // process is cold, before this is optimized): no call per entry.
    const { slots, hashes } = this;
    if (this.count > BIG_TABLE) {
      const big = new Map<string, NameEntry | undefined>();
      for (let j = 0; j < hashes.length; j++) {
        const k = slots[2 * j] as string | undefined;
        if (k !== undefined) big.set(k, slots[2 * j + 1] as NameEntry | undefined);
      }
      this.big = big;
      this.slots = [];
      this.hashes = new Int32Array(0);
      return;
    }
    const size = 4 * (this.mask + 1);
    const mask = size - 1;
    const ns = new Array<string | NameEntry | undefined>(2 * size).fill(undefined);
    const nh = new Int32Array(size);
    for (let j = 0; j < hashes.length; j++) {
      const k = slots[2 * j];
      if (k === undefined) continue;
      const h = hashes[j];
      let i = h & mask;
      while (ns[2 * i] !== undefined) i = (i + 1) & mask;
      ns[2 * i] = k;
      ns[2 * i + 1] = slots[2 * j + 1];
      nh[i] = h;
    }
    this.slots = ns;
    this.hashes = nh;
    this.mask = mask;
  }
}

class IsolatedNameScope {
  /** Names to values (see NameTable). */
  readonly values = new NameTable();
  /** The names defined, in order, for all open nested scopes (a name listed again is skipped once unset). */
  readonly names: string[] = objectList();
  /** Per open nested scope: where its names start in `names`. */
  readonly starts: number[] = [];
  pushScope(): void {
    this.starts.push(this.names.length);
  }
  popScope(): void {
    const start = this.starts.pop()!;
    const values = this.values;
    // The isolated scope's last: the table is dropped with it, so its values'
    // marks are reset in one pass over it, not name by name.
    if (this.starts.length === 0) {
      values.resetMarks();
      return;
    }
    const names = this.names;
    // A name is listed once per value it defines (`%r:100000` is 100,000
    // entries), so it is unset after its first visit: the repeats skip it.
    for (let i = start; i < names.length; i++) {
      const name = names[i];
      const e = values.take(name, nameHash(name));
      if (e === undefined) continue;
      if (e instanceof Value) e.mark = 0;
      else for (const v of e) if (v !== undefined) v.mark = 0;
    }
    names.length = start;
  }
}

interface BlockDefinition {
  block: Block;
  offset: number;
}

/** A location alias used before its definition: `loc(#loc3)`. */
class DeferredLoc extends Location {
  constructor(
    readonly alias: string,
    readonly offset: number,
  ) {
    super();
  }
  printBody(): void {}
  fileLineCol(): undefined {
    return undefined;
  }
}

type ResultRecord = { name: string; count: number; offset: number };

/** An op being parsed whose parser waits for a region (see `RegionRequest`). */
interface PendingOp {
  readonly gen: Generator<RegionRequest, void, undefined>;
  readonly state: OperationState;
  readonly nameOffset: number;
  readonly resultIDs: readonly ResultRecord[];
  readonly numExpected: number;
  /** Offset of the op's first token (its result list), for binding errors. */
  readonly loc: number;
  readonly generic: boolean;
}

/** A region being parsed: its current block, and the op to resume when it closes. */
interface OpenRegion {
  readonly region: Region;
  readonly numEntryArgs: number;
  /** The block being parsed when the region opened, current again once it closes. */
  readonly savedBlock: Block | null;
  block: Block;
  entry: boolean;
  readonly owner: PendingOp | null;
}

const NO_ARGS: readonly Argument[] = [];

const DEFAULT_TOP_LEVEL_DIALECT = 'builtin';
const NO_RESULT_IDS: readonly ResultRecord[] = [];


/** Whether `v` can be a segment-size property of `groups` groups (MLIR's DenseI32ArrayAttr of that length). */
function isSegmentSizes(v: Attribute, groups: number): boolean {
  return v instanceof DenseArrayAttr && isSignlessInteger(v.elementType, 32) && v.values.length === groups;
}

function hasFlatProperty(list: readonly (string | Attribute)[] | undefined, name: string): boolean {
  if (list !== undefined) for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
  return false;
}

const LEGACY_SEGMENT_NAMES: ReadonlyMap<string, string> = new Map([
  ['operandSegmentSizes', 'operand_segment_sizes'],
  ['resultSegmentSizes', 'result_segment_sizes'],
]);
export class OperationParser extends Parser {
  private readonly isolatedScopes: IsolatedNameScope[] = objectList();
  // Per region; made at the first block label (most regions have none).
  private readonly blocksByName: (Map<string, BlockDefinition> | undefined)[] = objectList();
  private readonly forwardBlockRefs: (Map<Block, number> | undefined)[] = objectList();
  private readonly forwardRefPlaceholders = new Map<Value, number>();
  readonly defaultDialectStack: string[] = [DEFAULT_TOP_LEVEL_DIALECT];
  private readonly deferredLocOwners: (Operation | { arg: import('../ir/operation.js').BlockArgument })[] = [];
  /** Current region nesting, bounded so that recursive walks elsewhere stay within the stack. */
  private depth = 0;
  static readonly MAX_NESTING = 1_000_000;

  constructor(state: ParserState, start?: number, end?: number) {
    super(state, start, end);
    this.pushSSANameScope(true);
    this.lexFirstToken();
  }

  // ---- SSA scopes

  pushSSANameScope(isolated: boolean): void {
    this.blocksByName.push(undefined);
    this.forwardBlockRefs.push(undefined);
    if (isolated) this.isolatedScopes.push(new IsolatedNameScope());
    this.isolatedScopes[this.isolatedScopes.length - 1].pushScope();
  }

  popSSANameScope(): void {
    const refs = this.forwardBlockRefs.pop();
    if (refs !== undefined && refs.size) {
      const offsets = [...refs.values()].sort((a, b) => a - b);
      for (const o of offsets) this.emitErrorAt(o, 'reference to an undefined block');
      throw new ParseAbort();
    }
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1];
    scope.popScope();
    if (scope.starts.length === 0) this.isolatedScopes.pop();
    this.blocksByName.pop();
  }

  private valueEntry(name: string): NameEntry | undefined {
    return this.isolatedScopes[this.isolatedScopes.length - 1].values.get(name, nameHash(name));
  }

  private setValueEntry(values: NameTable, e: NameEntry | undefined, name: string, h: number, number: number, value: Value): void {
    if (number === 0 && (e === undefined || e instanceof Value)) values.set(name, h, value);
    else if (e === undefined) {
      const list: (Value | undefined)[] = [];
      list[number] = value;
      values.set(name, h, list);
    } else if (e instanceof Value) {
      const list: (Value | undefined)[] = [e];
      list[number] = value;
      values.set(name, h, list);
    } else e[number] = value;
  }

  addDefinition(use: UnresolvedOperand, value: Value): void {
    this.define(use.name, use.number, use.offset, value);
  }

  /** Defines `name#number` (written at `offset`) as `value`. */
  define(name: string, number: number, offset: number, value: Value): void {
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1];
    const values = scope.values;
    const h = nameHash(name);
    const e = values.get(name, h);
    const existing = entryValue(e, number);
    if (existing !== undefined) {
      if (!(existing instanceof ForwardRefValue)) {
        const d = this.ctx.diagnostics.emit('error', this.location(offset), `redefinition of SSA value '${name}'`);
        d.attachNote('previously defined here', this.location(existing.mark));
        throw new ParseAbort();
      }
      if (existing.type !== value.type) {
        const d = this.ctx.diagnostics.emit(
          'error',
          this.location(offset),
          `definition of SSA value '${name}#${number}' has type '${value.type.key}'`,
        );
        d.attachNote(`previously used here with type '${existing.type.key}'`, this.location(existing.mark));
        throw new ParseAbort();
      }
      existing.replaceAllUsesWith(value);
      this.forwardRefPlaceholders.delete(existing);
    }
    value.mark = offset;
    this.setValueEntry(values, e, name, h, number, value);
    scope.names.push(name);
  }

  parseSSAUse(allowResultNumber = true): UnresolvedOperand {
    const offset = this.tokStart;
    const name = this.text;
    this.expect(Tok.percent_identifier, 'expected SSA operand');
    let number = 0;
    if (this.is(Tok.hash_identifier)) {
      if (!allowResultNumber) this.error('result number not allowed in argument list');
      const digits = this.text.slice(1);
      if (!/^[0-9]+$/.test(digits)) this.error('invalid SSA value result number');
      number = Number(digits);
      if (!Number.isSafeInteger(number) || number > 0xffffffff) this.error('invalid SSA value result number');
      this.consume();
    }
    return { name, number, offset };
  }

  resolveSSAUse(use: UnresolvedOperand, type: Type): Value {
    const values = this.isolatedScopes[this.isolatedScopes.length - 1].values;
    const h = nameHash(use.name);
    const e = values.get(use.name, h);
    const found = entryValue(e, use.number);
    if (found !== undefined) {
      if (found.type === type) return found;
      const d = this.ctx.diagnostics.emit(
        'error',
        this.location(use.offset),
        `use of value '${use.name}' expects different type than prior uses: '${type.key}' vs '${found.type.key}'`,
      );
      d.attachNote('prior use here', this.location(found.mark));
      throw new ParseAbort();
    }
    const first = entryValue(e, 0);
    if (first !== undefined && !(first instanceof ForwardRefValue)) this.error('reference to invalid result number', use.offset);
    const placeholder = new ForwardRefValue(type);
    placeholder.mark = use.offset;
    this.forwardRefPlaceholders.set(placeholder, use.offset);
    this.setValueEntry(values, e, use.name, h, use.number, placeholder);
    return placeholder;
  }

  private parseOptionalSSAUseList(): UnresolvedOperand[] {
    const out: UnresolvedOperand[] = [];
    if (!this.is(Tok.percent_identifier)) return out;
    this.parseCommaSeparatedList(() => out.push(this.parseSSAUse()));
    return out;
  }

  /** `ssa-use-list : type-list`, used for successor operands. */
  parseOptionalSSAUseAndTypeList(): Value[] {
    const ids = this.parseOptionalSSAUseList();
    if (!ids.length) return [];
    this.expect(Tok.colon, "expected ':' in operand list");
    const types = this.parseTypeListNoParens();
    if (ids.length !== types.length) this.error(`expected ${ids.length} types to match operand list`);
    return ids.map((id, i) => this.resolveSSAUse(id, types[i]));
  }

  // ---- type lists (shared with custom parsers)

  parseTypeListNoParens(): Type[] {
    // No closure per list, and a one-type list (most) made at its size.
    const first = this.parseType();
    if (!this.is(Tok.comma)) return [first];
    const out = [first];
    while (this.consumeIf(Tok.comma)) out.push(this.parseType());
    return out;
  }
  parseTypeListParens(): Type[] {
    this.expect(Tok.l_paren, "expected '('");
    if (this.consumeIf(Tok.r_paren)) return [];
    const out = this.parseTypeListNoParens();
    this.expect(Tok.r_paren, "expected ')'");
    return out;
  }
  parseFunctionResultTypes(): Type[] {
    if (this.is(Tok.l_paren)) return this.parseTypeListParens();
    if (this.is(Tok.l_paren)) this.error('expected non-function type');
    const t = this.parseType();
    if (t instanceof FunctionType) this.error('expected non-function type');
    return [t];
  }

  // ---- operations

  /** One `%name` or `%name:count` of an op's result list. */
  private parseResultID(): ResultRecord {
    const nameOffset = this.tokStart;
    const name = this.text;
    this.expect(Tok.percent_identifier, 'expected valid ssa identifier');
    let count = 1;
    if (this.consumeIf(Tok.colon)) {
      if (!this.is(Tok.integer)) this.errorWrongToken('expected integer number of results');
      const v = parseUInt64(this.text);
      if (v === undefined || v < 1n) this.error('expected named operation to have at least 1 result');
      this.consume();
      count = Number(v);
    }
    return { name, count, offset: nameOffset };
  }

  /** Parses one op, with its regions (on the parser's explicit stack, not by recursion). */
  parseOperation(): Operation {
    const base = this.openRegions.length;
    const op = this.startOperation();
    if (op !== null) return op;
    this.runOpenRegions(base);
    return this.lastCompleted!;
  }

  /** Verifies each isolated op's nest as the op is complete (ParseOptions.verifier). */
  nestVerifier: NestVerifier | undefined = undefined;

  /** The op last completed (`parseOperation` returns it once its regions are done). */
  private lastCompleted: Operation | null = null;

  /**
   * Parses an op up to its first non-empty region and opens that region on
   * the stack (returning null), or parses all of it (returning the op).
   */
  private startOperation(): Operation | null {
    const loc = this.tokStart;
    // Most ops have no result list or one name: no list grown from `[]` (17 slots) per op.
    let resultIDs: readonly ResultRecord[] = NO_RESULT_IDS;
    let numExpected = 0;
    if (this.is(Tok.percent_identifier)) {
      const first = this.parseResultID();
      const ids = [first];
      numExpected = first.count;
      while (this.consumeIf(Tok.comma)) {
        const r = this.parseResultID();
        ids.push(r);
        numExpected += r.count;
      }
      resultIDs = ids;
      this.expect(Tok.equal, "expected '=' after SSA name");
    }
    if (this.is(Tok.bare_identifier) || this.is(Tok.keyword)) return this.startCustomOperation(resultIDs, numExpected, loc);
    if (this.is(Tok.string)) return this.startGenericOperation(resultIDs, numExpected, loc);
    this.errorWrongToken('expected operation name in quotes');
  }

  /** Runs a pending op's parser until it asks for a non-empty region (null) or is done (the op). */
  private resumeOperation(pending: PendingOp): Operation | null {
    for (;;) {
      // The shared custom-op parser is the resumed op's again.
      if (!pending.generic) this.asm.begin(pending.nameOffset, pending.resultIDs, pending.state.name.name);
      const r = pending.gen.next();
      if (r.done) return this.completeOperation(pending.state, pending.nameOffset, pending.resultIDs, pending.numExpected, pending.loc, pending.generic);
      const req = r.value;
      if (this.openRegion(req.region, req.args ?? NO_ARGS, req.enableNameShadowing ?? false, pending)) return null;
    }
  }

  /** Builds a fully parsed op, reads its trailing location and binds its result names. */
  private completeOperation(
    state: OperationState,
    nameOffset: number,
    resultIDs: readonly ResultRecord[],
    numExpected: number,
    loc: number,
    generic: boolean,
  ): Operation {
    if (generic) {
      const def = state.name.def;
      if (state.propertiesAttr === undefined && def?.verifyInherentAttrs) {
        const msg = def.verifyInherentAttrs(state.attributes);
        if (msg !== undefined) this.error(`'${state.name.name}' op ${msg}`, nameOffset);
      }
    }
    const op = this.createOperation(state, nameOffset);
    this.parseTrailingLocation(op);
    // An isolated op's nest is verified now, while it is in cache (verifyNestAhead).
    if (this.nestVerifier !== undefined && op.regions.length !== 0) this.nestVerifier.verifyNestAhead(op);
    if (!generic) this.defaultDialectStack.pop();
    if (resultIDs.length) {
      if (op.numResults === 0) this.error('cannot name an operation with no results', loc);
      if (numExpected !== op.numResults)
        this.error(`operation defines ${op.numResults} results but was provided ${numExpected} to bind`, loc);
      let resultIndex = 0;
      for (const r of resultIDs)
        for (let sub = 0; sub < r.count; sub++)
          this.define(r.name, sub, r.offset, op.result(resultIndex++));
    }
    this.lastCompleted = op;
    return op;
  }

  parseSuccessor(): Block {
    if (!this.is(Tok.caret_identifier)) this.errorWrongToken('expected block name');
    const b = this.getBlockNamed(this.text, this.tokStart);
    this.consume();
    return b;
  }

  private parseSuccessors(): Block[] {
    this.expect(Tok.l_square, "expected '['");
    if (this.is(Tok.r_square)) this.errorWrongToken('expected list element');
    const out: Block[] = [];
    this.parseCommaSeparatedList(() => out.push(this.parseSuccessor()));
    this.expect(Tok.r_square, "expected ',' or ']'");
    return out;
  }

  /** Parses everything of the generic form after the op name into `state`. */
  parseGenericOperationAfterOpName(state: OperationState): void {
    const gen = this.genericOperationAfterOpName(state);
    for (let r = gen.next(); !r.done; r = gen.next()) this.parseRegion(r.value.region, NO_ARGS);
  }

  /** The same, yielding each region to be parsed (see `RegionRequest`). */
  private *genericOperationAfterOpName(state: OperationState): Generator<RegionRequest, void, undefined> {
    const operandIDs = this.parseGenericHead(state);
    if (this.is(Tok.l_paren)) yield* this.genericRegionsAndTail(state, operandIDs);
    else this.parseGenericTail(state, operandIDs);
  }

  /** The generic form up to its region list: operands, successors, `<properties>`. */
  private parseGenericHead(state: OperationState): UnresolvedOperand[] {
    this.expect(Tok.l_paren, "expected '(' to start operand list");
    const operandIDs = this.parseOptionalSSAUseList();
    this.expect(Tok.r_paren, "expected ')' to end operand list");

    if (this.is(Tok.l_square)) {
      const def = state.name.def;
      if (def && !def.traits.has(Traits.IsTerminator)) this.error('successors in non-terminator');
      state.successors = this.parseSuccessors();
    }
    if (this.consumeIf(Tok.less)) {
      state.propertiesAttr = this.parseAttribute();
      this.expect(Tok.greater, "expected '>' to close properties");
    }
    return operandIDs;
  }

  /** The region list `({...}, ...)` (at its `(`), each yielded, then the rest. */
  private *genericRegionsAndTail(state: OperationState, operandIDs: UnresolvedOperand[]): Generator<RegionRequest, void, undefined> {
    this.consume();
    do {
      const region = state.addRegion(new Region());
      yield { region };
    } while (this.consumeIf(Tok.comma));
    this.expect(Tok.r_paren, "expected ')' to end region list");
    this.parseGenericTail(state, operandIDs);
  }

  /** The generic form after its regions: attributes and the function type, then the operands resolved. */
  private parseGenericTail(state: OperationState, operandIDs: UnresolvedOperand[]): void {
    if (this.is(Tok.l_brace)) this.parseAttributeDictInto(state.attributes);

    this.expect(Tok.colon, "expected ':' followed by operation type");
    const typeOffset = this.tokStart;
    const type = this.parseType();
    if (!(type instanceof FunctionType)) this.error('expected function type', typeOffset);
    state.types = [...type.results];
    if (type.inputs.length !== operandIDs.length)
      this.error(
        // mlir-opt 22 writes a NUL byte where the plural's 's' would go (its ternary yields '\0').
        `expected ${operandIDs.length} operand type${operandIDs.length === 1 ? '\0' : 's'} but had ${type.inputs.length}`,
        typeOffset,
      );
    state.operands = operandIDs.map((id, i) => this.resolveSSAUse(id, type.inputs[i]));
  }


  parseAttributeDictInto(into: Map<string, Attribute>): void {
    const dict = parseDictionaryAttribute(this);
    for (const [k, v] of dict.entries) into.set(k, v);
  }

  private startGenericOperation(resultIDs: readonly ResultRecord[], numExpected: number, loc: number): Operation | null {
    const nameOffset = this.tokStart;
    const name = this.stringValue();
    if (name === '') this.error('empty operation name is invalid');
    if (name.includes('\0')) this.error('null character not allowed in operation name');
    this.consume();
    const opName = this.ctx.getOperationName(name);
    if (!opName.def) {
      const dialect = name.split('.')[0];
      if (!this.ctx.getDialect(dialect) && !this.ctx.allowUnregisteredDialects)
        this.error(
          'operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used',
        );
    }
    const state = new OperationState(opName, undefined, this.state.source, nameOffset);
    // A generator only for ops with a region list (few in generic input).
    const operandIDs = this.parseGenericHead(state);
    if (this.is(Tok.l_paren)) {
      const gen = this.genericRegionsAndTail(state, operandIDs);
      return this.resumeOperation({ gen, state, nameOffset, resultIDs, numExpected, loc, generic: true });
    }
    this.parseGenericTail(state, operandIDs);
    return this.completeOperation(state, nameOffset, resultIDs, numExpected, loc, true);
  }

  /** Builds the op from `state`, splitting inherent attributes into properties. */
  private createOperation(state: OperationState, nameOffset: number): Operation {
    const def = state.name.def;
    // The flat list the op takes over (see OperationState._props).
    let properties: (string | Attribute)[] | undefined;
    let opaqueProperties: Attribute | null = null;
    const attributes = state._attributes;
    if (def) {
      properties = state._props;
      // Inherent attributes written in the attribute dictionary are set first;
      // a `<{...}>` dictionary then overrides them (MLIR's Operation::create).
      if (attributes !== undefined && attributes.size !== 0) {
        for (const k of def.inherentAttrNames) {
          // MLIR still reads segment sizes under their legacy snake_case names.
          const legacy = LEGACY_SEGMENT_NAMES.get(k);
          const key = !attributes.has(k) && legacy !== undefined && attributes.has(legacy) ? legacy : k;
          const v = attributes.get(key);
          if (v !== undefined) {
            // MLIR's setInherentAttr drops a segment-size array of another kind or length.
            const groups = def.segmentSizeProperties?.get(k);
            if (groups === undefined || isSegmentSizes(v, groups)) properties = setFlatProperty(properties, k, v);
            attributes.delete(key);
          }
        }
      }
      if (state.propertiesAttr !== undefined) {
        if (!(state.propertiesAttr instanceof DictionaryAttr)) {
          this.error(
            `invalid properties ${state.propertiesAttr.key} for op ${state.name.name}: expected DictionaryAttr to set properties`,
            nameOffset,
          );
        }
        if (def.segmentSizeProperties !== undefined)
          for (const [k, groups] of def.segmentSizeProperties) {
            const v = state.propertiesAttr.get(k);
            if (v === undefined || isSegmentSizes(v, groups)) continue;
            const why =
              v instanceof DenseArrayAttr && isSignlessInteger(v.elementType, 32)
                ? `size mismatch in attribute conversion: ${v.values.length} vs ${groups}`
                : 'expected DenseI32ArrayAttr for key `value`';
            this.error(`invalid properties ${state.propertiesAttr.key} for op ${state.name.name}: ${why}`, nameOffset);
          }
        const converted = def.propertiesFromAttr?.(state.propertiesAttr);
        if (typeof converted === 'string')
          this.error(`invalid properties ${state.propertiesAttr.key} for op ${state.name.name}: ${converted}`, nameOffset);
        if (converted) for (const [k, v] of converted) properties = setFlatProperty(properties, k, v);
        else for (const [k, v] of state.propertiesAttr.entries) {
          if (!def.inherentAttrNames.has(k)) continue;
          if (def.convertProperty && !def.convertProperty(k, v))
            this.error(
              `invalid properties ${state.propertiesAttr.key} for op ${state.name.name}: Invalid attribute \`${k}\` in property conversion: ${v.key}`,
              nameOffset,
            );
          properties = setFlatProperty(properties, k, v);
        }
      }
      // Segment sizes never given are MLIR's zero-initialized arrays.
      if (def.segmentSizeProperties !== undefined)
        for (const [k, groups] of def.segmentSizeProperties)
          if (!hasFlatProperty(properties, k)) properties = setFlatProperty(properties, k, DenseArrayAttr.get(IntegerType.get(32), new Array<bigint>(groups).fill(0n)));
    } else if (state.propertiesAttr !== undefined) {
      opaqueProperties = state.propertiesAttr;
    }
    // Positional: no init object per op. A location given wins over the source offset.
    const source = state._location === undefined ? state.locationSource : undefined;
    const op = new Operation(
      state.name,
      source ?? (state._location as Location),
      source ? state.locationOffset : -1,
      state._operands,
      state._types,
      properties,
      opaqueProperties,
      attributes,
      state._successors,
      state._regions,
    );
    this.currentBlock!.append(op);
    return op;
  }

  /** The block ops are appended to while parsing. */
  currentBlock: Block | null = null;

  /**
   * The OpAsmParser handed to custom op parsers: one per parser, set to the op
   * being parsed (and back to it after a nested region, or when a pending op
   * resumes), instead of one object per op.
   */
  private readonly asm: CustomOpAsmParser = new CustomOpAsmParser(this, 0, NO_RESULT_IDS, '');

  /**
   * Op names already resolved, by their spelling's length and first byte: a
   * name is matched against the source in place, so a known op costs no
   * substring and no hash of one (a Map lookup by a fresh slice hashes it
   * first). `dialect` is the default dialect an unprefixed spelling was
   * resolved with, null for a registered spelling.
   */
  private readonly opNameCache = new Map<number, { spelling: string; dialect: string | null; name: OperationName }[]>();

  private parseCustomOperationName(): OperationName {
    const start = this.tokStart;
    const len = this.tokEnd - start;
    const src = this.src;
    const key = len * 256 + src.charCodeAt(start);
    const dialect = this.defaultDialectStack[this.defaultDialectStack.length - 1];
    const bucket = this.opNameCache.get(key);
    if (bucket !== undefined)
      for (let i = 0; i < bucket.length; i++) {
        const c = bucket[i];
        if ((c.dialect === null || c.dialect === dialect) && src.startsWith(c.spelling, start)) {
          this.consume();
          return c.name;
        }
      }
    const spelling = this.text;
    this.consume();
    const registered = this.ctx.lookupOp(spelling);
    let name: OperationName;
    let via: string | null = null;
    // As MLIR, a name without text after its first dot (`foo`, `foo.`) is
    // looked up in the default dialect.
    const dot = spelling.indexOf('.');
    if (registered) name = registered;
    else if (dot < 0 || dot === spelling.length - 1) {
      via = dialect;
      name = this.ctx.getOperationName(dialect + '.' + spelling);
    } else name = this.ctx.getOperationName(spelling);
    // Only names with a parser are worth keeping (the others end in an error).
    if (name.def?.parse) {
      const entry = { spelling, dialect: via, name };
      if (bucket === undefined) this.opNameCache.set(key, [entry]);
      else bucket.push(entry);
    }
    return name;
  }

  private startCustomOperation(resultIDs: readonly ResultRecord[], numExpected: number, loc: number): Operation | null {
    const opOffset = this.tokStart;
    const opEnd = this.tokEnd;
    const opName = this.parseCustomOperationName();
    const def = opName.def;
    if (!def || !def.parse) {
      const originalName = this.src.slice(opOffset, opEnd);
      const dialectName = opName.dialectName;
      const tried = originalName !== opName.name ? ` (tried '${opName.name}' as well)` : '';
      if (!this.ctx.getDialect(dialectName)) {
        const d = this.ctx.diagnostics.emit(
          'error',
          this.location(opOffset),
          `Dialect \`${dialectName}' not found for custom op '${originalName}' ${tried}`,
        );
        d.attachNote(
          `Available dialects: ${this.ctx.dialectNames.join(', ')} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management`,
        );
        throw new ParseAbort();
      }
      this.error(`custom op '${originalName}' is unknown${tried}`, opOffset);
    }
    // Popped when the op is complete (a failed parse is abandoned whole).
    this.defaultDialectStack.push(def.defaultDialect ?? '');
    const state = new OperationState(opName, undefined, this.state.source, opOffset);
    const asm = this.asm;
    asm.begin(opOffset, resultIDs, opName.name);
    if (def.parseResumable) {
      const gen = def.parseResumable(asm, state);
      return this.resumeOperation({ gen, state, nameOffset: opOffset, resultIDs, numExpected, loc, generic: false });
    }
    def.parse(asm, state);
    return this.completeOperation(state, opOffset, resultIDs, numExpected, loc, false);
  }

  /** `loc(...)` or `loc(#alias)` after an op or a block argument. */
  parseOptionalLocationSpecifier(): Location | undefined {
    if (!this.consumeKeywordIf('loc')) return undefined;
    this.expect(Tok.l_paren, "expected '(' in location");
    let loc: Location;
    if (this.is(Tok.hash_identifier) && !this.text.includes('.')) {
      const alias = this.text.slice(1);
      const offset = this.tokStart;
      this.consume();
      const attr = this.state.attributeAliases.get(alias);
      if (attr) {
        if (!(attr instanceof Location)) this.error(`expected location, but found '${attr.key}'`, offset);
        loc = attr;
      } else {
        loc = new DeferredLoc(alias, offset);
      }
    } else {
      loc = parseLocationAfterParen(this);
    }
    this.expect(Tok.r_paren, "expected ')' in location");
    return loc;
  }

  private parseTrailingLocation(op: Operation): void {
    const loc = this.parseOptionalLocationSpecifier();
    if (!loc) return;
    op.location = loc;
    if (loc instanceof DeferredLoc) this.deferredLocOwners.push(op);
  }

  // ---- regions and blocks

  parseRegion(region: Region, entryArgs: readonly Argument[], isolatedNameScope = false): void {
    const base = this.openRegions.length;
    if (this.openRegion(region, entryArgs, isolatedNameScope, null)) this.runOpenRegions(base);
  }

  /** Regions being parsed, innermost last: the parser's stack instead of recursion on nesting depth. */
  private readonly openRegions: OpenRegion[] = objectList();

  /**
   * Reads `{`, and unless the region is empty, opens it: its name scope, its
   * entry block with `entryArgs` and that block's label. Returns whether it
   * was opened (then `runOpenRegions` parses the rest and closes it).
   */
  private openRegion(region: Region, entryArgs: readonly Argument[], isolated: boolean, owner: PendingOp | null): boolean {
    const lbrace = this.tokStart;
    this.expect(Tok.l_brace, "expected '{' to begin a region");
    if (!entryArgs.length && this.is(Tok.r_brace)) {
      this.consume();
      return false;
    }
    if (++this.depth > OperationParser.MAX_NESTING)
      this.error(`exceeded the maximum region nesting depth of ${OperationParser.MAX_NESTING}`, lbrace);
    const savedBlock = this.currentBlock;
    this.pushSSANameScope(isolated);
    const block = new Block();
    if (entryArgs.length && entryArgs[0].ssaName.name !== '') {
      if (this.is(Tok.caret_identifier)) this.error('invalid block name in region with named arguments');
      // Made into a list at its exact size, which the block takes over.
      const list = new Array<BlockArgument>(entryArgs.length);
      for (let i = 0; i < entryArgs.length; i++) {
        const a = entryArgs[i];
        const defOffset = this.referenceOffset(a.ssaName.name, a.ssaName.number);
        if (defOffset !== undefined) {
          const d = this.ctx.diagnostics.emit(
            'error',
            this.location(a.ssaName.offset),
            `region entry argument '${a.ssaName.name}' is already in use`,
          );
          d.attachNote('previously referenced here', this.location(defOffset));
          throw new ParseAbort();
        }
        // Without a written location, made from the source on first use.
        const arg = a.sourceLoc ? newBlockArgument(a.type, block, i, a.sourceLoc) : newBlockArgument(a.type, block, i, this.state.source, a.ssaName.offset);
        list[i] = arg;
        if (a.sourceLoc instanceof DeferredLoc) this.deferredLocOwners.push({ arg });
        this.addDefinition(a.ssaName, arg);
      }
      block.adoptArguments(list);
    }
    this.parseBlockHeader(block);
    this.openRegions.push({ region, numEntryArgs: entryArgs.length, savedBlock, block, entry: true, owner });
    this.currentBlock = block;
    return true;
  }

  /**
   * Parses the open regions above `base` to their ends: ops, block labels,
   * and the ops that own nested regions, resumed as each region closes.
   */
  private runOpenRegions(base: number): void {
    const stack = this.openRegions;
    while (stack.length > base) {
      const k = this.tokKind;
      // As MLIR's parseBlockBody: anything else, the end of the input included, starts an op.
      if (k !== Tok.caret_identifier && k !== Tok.r_brace) {
        this.startOperation();
        continue;
      }
      // The current block ends here.
      const f = stack[stack.length - 1];
      if (f.entry) {
        f.entry = false;
        if (f.numEntryArgs && f.block.args.length > f.numEntryArgs) this.error('entry block arguments were already defined');
      }
      f.region.pushBlock(f.block);
      if (k === Tok.r_brace) {
        this.popSSANameScope();
        this.currentBlock = f.savedBlock;
        this.depth--;
        this.consume();
        stack.pop();
        if (f.owner !== null) this.resumeOperation(f.owner);
        continue;
      }
      f.block = this.parseBlockHeader(null);
      this.currentBlock = f.block;
    }
  }

  private referenceOffset(name: string, number: number): number | undefined {
    return entryValue(this.valueEntry(name), number)?.mark;
  }

  /** A block's `^name(args):` label if present (required unless `existing`, the entry block, is given). */
  private parseBlockHeader(existing: Block | null): Block {
    if (existing && !this.is(Tok.caret_identifier)) return existing;
    const nameOffset = this.tokStart;
    const name = this.text;
    this.expect(Tok.caret_identifier, 'expected block name');
    const blocks = this.blockNames();
    let def = blocks.get(name);
    let block: Block;
    if (!def) {
      block = existing ?? new Block();
      blocks.set(name, { block, offset: nameOffset });
    } else {
      const fwd = this.forwardBlockRefs[this.forwardBlockRefs.length - 1];
      if (fwd === undefined || !fwd.delete(def.block)) this.error(`redefinition of block '${name}'`, nameOffset);
      def.offset = nameOffset;
      block = def.block;
    }
    if (this.is(Tok.l_paren)) this.parseOptionalBlockArgList(block);
    this.expect(Tok.colon, "expected ':' after block name");
    return block;
  }

  private getBlockNamed(name: string, offset: number): Block {
    const blocks = this.blockNames();
    let def = blocks.get(name);
    if (!def) {
      def = { block: new Block(), offset };
      blocks.set(name, def);
      const top = this.forwardBlockRefs.length - 1;
      (this.forwardBlockRefs[top] ??= new Map()).set(def.block, offset);
    }
    return def.block;
  }

  /** The current region's block labels. */
  private blockNames(): Map<string, BlockDefinition> {
    const top = this.blocksByName.length - 1;
    return (this.blocksByName[top] ??= new Map());
  }

  private parseOptionalBlockArgList(owner: Block): void {
    if (this.is(Tok.r_brace)) return;
    const definingExisting = owner.args.length !== 0;
    let next = 0;
    this.expect(Tok.l_paren, "expected '('");
    if (this.consumeIf(Tok.r_paren)) return;
    this.parseCommaSeparatedList(() => {
      const use = this.parseSSAUse();
      this.expect(Tok.colon, "expected ':' and type for SSA operand");
      const type = this.parseType();
      let arg;
      if (definingExisting) {
        if (next >= owner.args.length) this.error('too many arguments specified in argument list');
        arg = owner.args[next++];
        if (arg.type !== type) this.error('argument and block argument type mismatch');
      } else {
        arg = owner.addArgument(type, this.state.source, use.offset);
      }
      const loc = this.parseOptionalLocationSpecifier();
      if (loc) {
        arg.location = loc;
        if (loc instanceof DeferredLoc) this.deferredLocOwners.push({ arg });
      }
      this.addDefinition(use, arg);
    });
    this.expect(Tok.r_paren, "expected ')'");
  }

  /** Checks what is left once the whole buffer is parsed. */
  finalize(): void {
    if (this.forwardRefPlaceholders.size) {
      const offsets = [...this.forwardRefPlaceholders.values()].sort((a, b) => a - b);
      for (const o of offsets) this.emitErrorAt(o, 'use of undeclared SSA value name');
      throw new ParseAbort();
    }
    resolveDeferredLocations(this.state);
    for (const owner of this.deferredLocOwners) {
      const loc = owner instanceof Operation ? owner.location : owner.arg.location;
      if (!(loc instanceof DeferredLoc)) continue;
      const attr = this.state.attributeAliases.get(loc.alias);
      if (!attr) this.error('operation location alias was never defined', loc.offset);
      if (!(attr instanceof Location)) this.error(`expected location, but found '${attr.key}'`, loc.offset);
      if (owner instanceof Operation) owner.location = attr;
      else owner.arg.location = attr;
    }
    this.popSSANameScope();
  }

  // ---- top level

  private parseAttributeAliasDef(): void {
    const alias = this.text.slice(1);
    if (this.state.attributeAliases.has(alias)) this.error(`redefinition of attribute alias id '${alias}'`);
    if (alias.includes('.')) this.error("attribute names with a '.' are reserved for dialect-defined names");
    this.consume();
    this.expect(Tok.equal, "expected '=' in attribute alias definition");
    const attr = this.parseAttribute();
    this.state.attributeAliases.set(alias, attr);
  }

  private parseTypeAliasDef(): void {
    const alias = this.text.slice(1);
    if (this.state.typeAliases.has(alias)) this.error(`redefinition of type alias id '${alias}'`);
    if (alias.includes('.')) this.error("type names with a '.' are reserved for dialect-defined names");
    this.consume();
    this.expect(Tok.equal, "expected '=' in type alias definition");
    const type = this.parseType();
    if (!this.state.typeAliases.has(alias)) this.state.typeAliases.set(alias, type);
  }

  private parseFileMetadataDictionary(): void {
    this.consume();
    if (this.consumeIf(Tok.file_metadata_end)) return;
    this.parseCommaSeparatedList(() => {
      const keyOffset = this.tokStart;
      if (!this.is(Tok.bare_identifier) && !this.is(Tok.keyword) && !this.is(Tok.inttype))
        this.error('expected identifier key in file metadata dictionary');
      const key = this.text;
      this.consume();
      this.expect(Tok.colon, "expected ':'");
      if (key === 'dialect_resources' || key === 'external_resources') parseResourceSection(this, key);
      else this.error(`unknown key '${key}' in file metadata dictionary`, keyOffset);
    });
    this.expect(Tok.file_metadata_end, "expected ',' or '#-}'");
  }

  /** Parses a whole buffer into `block`. */
  parseTopLevel(block: Block): void {
    this.currentBlock = block;
    for (;;) {
      switch (this.tokKind) {
        case Tok.eof:
          this.finalize();
          return;
        case Tok.hash_identifier:
          this.parseAttributeAliasDef();
          break;
        case Tok.exclamation_identifier:
          this.parseTypeAliasDef();
          break;
        case Tok.file_metadata_begin:
          this.parseFileMetadataDictionary();
          break;
        default:
          this.parseOperation();
          this.currentBlock = block;
      }
    }
  }
}

function parseUInt64(text: string): bigint | undefined {
  try {
    const v = BigInt(text);
    return v < 1n << 64n ? v : undefined;
  } catch {
    return undefined;
  }
}

const DELIMITERS: Record<string, [Tok, Tok, string, string]> = {
  paren: [Tok.l_paren, Tok.r_paren, '(', ')'],
  square: [Tok.l_square, Tok.r_square, '[', ']'],
  less: [Tok.less, Tok.greater, '<', '>'],
  braces: [Tok.l_brace, Tok.r_brace, '{', '}'],
};

/** MLIR's CustomOpAsmParser: the OpAsmParser given to custom op parsers. */
class CustomOpAsmParser implements OpAsmParser {
  constructor(
    readonly parser: OperationParser,
    public nameOffset: number,
    private resultIDs: readonly ResultRecord[],
    public opName: string,
  ) {}

  /** Makes this the parser of the op named `opName` at `nameOffset`. */
  begin(nameOffset: number, resultIDs: readonly ResultRecord[], opName: string): void {
    this.nameOffset = nameOffset;
    this.resultIDs = resultIDs;
    this.opName = opName;
  }

  get numResults(): number {
    let n = 0;
    for (const r of this.resultIDs) n += r.count;
    return n;
  }
  resultName(index: number): [string, number] | undefined {
    for (const r of this.resultIDs) {
      if (index < r.count) return [r.name.slice(1), index];
      index -= r.count;
    }
    return undefined;
  }
  error(message: string, offset: number = this.parser.tokStart): never {
    // MLIR reports custom-op errors at the location given, even at the end of the buffer.
    this.parser.error(`custom op '${this.opName}' ${message}`, offset);
  }
  currentOffset(): number {
    return this.parser.tokStart;
  }
  location(offset: number): Location {
    return this.parser.location(offset);
  }

  parseOperand(allowResultNumber = true): UnresolvedOperand {
    return this.parser.parseSSAUse(allowResultNumber);
  }
  parseOptionalOperand(allowResultNumber = true): UnresolvedOperand | undefined {
    return this.parser.is(Tok.percent_identifier) ? this.parseOperand(allowResultNumber) : undefined;
  }
  parseOperandList(delimiter: Delimiter = 'none', requiredCount = -1): UnresolvedOperand[] {
    const p = this.parser;
    let out: UnresolvedOperand[] = [];
    if (delimiter === 'none' && !p.is(Tok.percent_identifier)) {
      if (requiredCount === -1 || requiredCount === 0) return out;
      if (p.is(Tok.l_paren) || p.is(Tok.l_square)) p.error('unexpected delimiter');
      p.errorWrongToken('expected operand');
    }
    const start = p.tokStart;
    // parseDelimited's steps written out: no closure per list, and a one-operand list (most) made at its size.
    let d: string = delimiter;
    if (d.startsWith('optional-')) {
      d = d.slice('optional-'.length);
      if (!p.is(DELIMITERS[d][0])) d = '';
    }
    if (d === 'none') out = this.commaSeparatedOperands();
    else if (d !== '') {
      const [open, close, os, cs] = DELIMITERS[d];
      p.expect(open, `expected '${os}' in operand list`);
      if (!p.consumeIf(close)) {
        out = this.commaSeparatedOperands();
        p.expect(close, `expected '${cs}' in operand list`);
      }
    }
    if (requiredCount !== -1 && out.length !== requiredCount) this.error(`expected ${requiredCount} operands`, start);
    return out;
  }
  private commaSeparatedOperands(): UnresolvedOperand[] {
    const p = this.parser;
    const first = this.parseOperand();
    if (!p.is(Tok.comma)) return [first];
    const out = [first];
    while (p.consumeIf(Tok.comma)) out.push(this.parseOperand());
    return out;
  }
  /** MLIR's parseCommaSeparatedList(Delimiter, ...). */
  parseCommaSeparatedList(delimiter: Delimiter, element: () => void, context = ''): void {
    const p = this.parser;
    const kinds = DELIMITERS;
    let d: string = delimiter;
    if (d.startsWith('optional-')) {
      d = d.slice('optional-'.length);
      if (!p.is(kinds[d][0])) return;
    }
    if (d === 'none') {
      p.parseCommaSeparatedList(element);
      return;
    }
    const [open, close, os, cs] = kinds[d];
    p.expect(open, `expected '${os}'${context}`);
    if (p.consumeIf(close)) return;
    p.parseCommaSeparatedList(element);
    p.expect(close, `expected '${cs}'${context}`);
  }
  resolveOperand(operand: UnresolvedOperand, type: Type): Value {
    return this.parser.resolveSSAUse(operand, type);
  }
  resolveOperands(operands: readonly UnresolvedOperand[], types: readonly Type[], offset: number): Value[] {
    if (operands.length !== types.length)
      this.error(`number of operands and types do not match: got ${operands.length} operands and ${types.length} types`, offset);
    return operands.map((o, i) => this.resolveOperand(o, types[i]));
  }

  parseArgument(allowType = false, allowAttrs = false): Argument {
    const ssaName = this.parseOperand(false);
    const type = allowType ? this.parseColonType() : (undefined as unknown as Type);
    let attrs: Attribute | undefined;
    if (allowAttrs && this.parser.is(Tok.l_brace)) attrs = parseDictionaryAttribute(this.parser);
    const sourceLoc = this.parser.parseOptionalLocationSpecifier();
    return { ssaName, type, attrs, sourceLoc };
  }
  parseOptionalArgument(allowType = false, allowAttrs = false): Argument | undefined {
    return this.parser.is(Tok.percent_identifier) ? this.parseArgument(allowType, allowAttrs) : undefined;
  }
  parseArgumentList(delimiter: Delimiter, allowType = false, allowAttrs = false): Argument[] {
    const out: Argument[] = [];
    if (delimiter === 'none' && !this.parser.is(Tok.percent_identifier)) return out;
    this.parseCommaSeparatedList(delimiter, () => out.push(this.parseArgument(allowType, allowAttrs)), ' in argument list');
    return out;
  }
  parseOptionalAssignmentList(): { lhs: Argument[]; rhs: UnresolvedOperand[] } | undefined {
    const p = this.parser;
    if (!p.consumeIf(Tok.l_paren)) return undefined;
    const lhs: Argument[] = [];
    const rhs: UnresolvedOperand[] = [];
    if (p.consumeIf(Tok.r_paren)) return { lhs, rhs }; // `()` is an empty list
    p.parseCommaSeparatedList(() => {
      lhs.push(this.parseArgument());
      this.parseEqual();
      rhs.push(this.parseOperand());
    });
    p.expect(Tok.r_paren, "expected ',' or ')'");
    return { lhs, rhs };
  }

  parseRegion(region: Region, args: readonly Argument[] = [], enableNameShadowing = false): void {
    // The ops inside use this same object: it is this op's again after.
    const { nameOffset, resultIDs, opName } = this;
    this.parser.parseRegion(region, args, enableNameShadowing);
    this.begin(nameOffset, resultIDs, opName);
  }
  parseOptionalRegion(region: Region, args: readonly Argument[] = []): boolean {
    if (!this.parser.is(Tok.l_brace)) return false;
    this.parseRegion(region, args);
    return true;
  }
  parseSuccessor(): Block {
    return this.parser.parseSuccessor();
  }
  parseOptionalSuccessor(): Block | undefined {
    return this.parser.is(Tok.caret_identifier) ? this.parseSuccessor() : undefined;
  }
  parseSuccessorAndUseList(): { block: Block; operands: Value[] } {
    const block = this.parseSuccessor();
    let operands: Value[] = [];
    if (this.parser.consumeIf(Tok.l_paren)) {
      operands = this.parser.parseOptionalSSAUseAndTypeList();
      this.parseRParen();
    }
    return { block, operands };
  }

  parseOptionalAttrDict(into: Map<string, Attribute> | OperationState): void {
    if (this.parser.is(Tok.l_brace)) this.parser.parseAttributeDictInto(into instanceof OperationState ? into.attributes : into);
  }
  parseOptionalAttrDictWithKeyword(into: Map<string, Attribute> | OperationState): void {
    if (this.parser.consumeKeywordIf('attributes')) this.parser.parseAttributeDictInto(into instanceof OperationState ? into.attributes : into);
  }
  parseAttribute(type?: Type): Attribute {
    return this.parser.parseAttribute(type);
  }
  parseOptionalAttribute(type?: Type): Attribute | undefined {
    return this.parser.parseOptionalAttribute(type);
  }
  parseOptionalSymbolName(): string | undefined {
    if (!this.parser.is(Tok.at_identifier)) return undefined;
    const s = this.parser.symbolValue();
    this.parser.consume();
    return s;
  }
  parseSymbolName(): string {
    const s = this.parseOptionalSymbolName();
    if (s === undefined) this.error("expected valid '@'-identifier for symbol name");
    return s;
  }
  parseOptionalLocationSpecifier(): Location | undefined {
    return this.parser.parseOptionalLocationSpecifier();
  }

  parseType(): Type {
    return this.parser.parseType();
  }
  parseOptionalType(): Type | undefined {
    return this.parser.parseOptionalType();
  }
  parseColonType(): Type {
    this.parseColon();
    return this.parseType();
  }
  parseColonTypeList(): Type[] {
    this.parseColon();
    return this.parser.parseTypeListNoParens();
  }
  parseOptionalColonTypeList(): Type[] {
    if (!this.parser.consumeIf(Tok.colon)) return [];
    return this.parser.parseTypeListNoParens();
  }
  parseTypeList(): Type[] {
    return this.parser.parseTypeListNoParens();
  }
  parseArrowTypeList(): Type[] {
    this.parseArrow();
    return this.parser.parseFunctionResultTypes();
  }
  parseOptionalArrowTypeList(): Type[] | undefined {
    if (!this.parser.consumeIf(Tok.arrow)) return undefined;
    return this.parser.parseFunctionResultTypes();
  }
  parseFunctionResultTypes(): Type[] {
    return this.parser.parseFunctionResultTypes();
  }

  parseKeyword(word: string, context = ''): void {
    const offset = this.parser.tokStart;
    if (!this.parser.consumeKeywordIf(word)) this.error(`expected '${word}'${context}`, offset);
  }
  parseOptionalKeyword(word?: string | readonly string[]): string | undefined {
    const p = this.parser;
    if (!p.is(Tok.bare_identifier) && !p.is(Tok.keyword) && !p.is(Tok.inttype)) return undefined;
    const text = p.text;
    if (word !== undefined && (typeof word === 'string' ? text !== word : !word.includes(text))) return undefined;
    p.consume();
    return text;
  }
  parseOptionalInteger(): bigint | undefined {
    const p = this.parser;
    if (p.consumeKeywordIf('true')) return 1n;
    if (p.consumeKeywordIf('false')) return 0n;
    if (!p.is(Tok.integer) && !p.is(Tok.minus)) return undefined;
    const negative = p.consumeIf(Tok.minus);
    const offset = p.tokStart;
    const text = p.text;
    p.expect(Tok.integer, 'expected integer value');
    let v: bigint;
    try {
      v = BigInt(text);
    } catch {
      this.error('integer value too large', offset);
    }
    return negative ? -v : v;
  }
  parseInteger(): bigint {
    const offset = this.parser.tokStart;
    const v = this.parseOptionalInteger();
    if (v === undefined) this.error('expected integer value', offset);
    return v;
  }
  parseOptionalString(): string | undefined {
    if (!this.parser.is(Tok.string)) return undefined;
    const s = this.parser.stringValue();
    this.parser.consume();
    return s;
  }
  parseString(): string {
    const offset = this.parser.tokStart;
    const s = this.parseOptionalString();
    if (s === undefined) this.error('expected string', offset);
    return s;
  }

  private punct(kind: Tok, spelling: string): void {
    if (this.parser.tokKind === kind) this.parser.consume();
    else this.parser.expect(kind, `expected '${spelling}'`);
  }
  parseLParen(): void {
    this.punct(Tok.l_paren, '(');
  }
  parseOptionalLParen(): boolean {
    return this.parser.consumeIf(Tok.l_paren);
  }
  parseRParen(): void {
    this.punct(Tok.r_paren, ')');
  }
  parseOptionalRParen(): boolean {
    return this.parser.consumeIf(Tok.r_paren);
  }
  parseLSquare(): void {
    this.punct(Tok.l_square, '[');
  }
  parseOptionalLSquare(): boolean {
    return this.parser.consumeIf(Tok.l_square);
  }
  parseRSquare(): void {
    this.punct(Tok.r_square, ']');
  }
  parseOptionalRSquare(): boolean {
    return this.parser.consumeIf(Tok.r_square);
  }
  parseLess(): void {
    this.punct(Tok.less, '<');
  }
  parseOptionalLess(): boolean {
    return this.parser.consumeIf(Tok.less);
  }
  parseGreater(): void {
    this.punct(Tok.greater, '>');
  }
  parseOptionalGreater(): boolean {
    return this.parser.consumeIf(Tok.greater);
  }
  parseLBrace(): void {
    this.punct(Tok.l_brace, '{');
  }
  parseOptionalLBrace(): boolean {
    return this.parser.consumeIf(Tok.l_brace);
  }
  parseRBrace(): void {
    this.punct(Tok.r_brace, '}');
  }
  parseOptionalRBrace(): boolean {
    return this.parser.consumeIf(Tok.r_brace);
  }
  parseColon(): void {
    this.punct(Tok.colon, ':');
  }
  parseOptionalColon(): boolean {
    return this.parser.consumeIf(Tok.colon);
  }
  parseComma(): void {
    this.punct(Tok.comma, ',');
  }
  parseOptionalComma(): boolean {
    return this.parser.consumeIf(Tok.comma);
  }
  parseEqual(): void {
    this.punct(Tok.equal, '=');
  }
  parseOptionalEqual(): boolean {
    return this.parser.consumeIf(Tok.equal);
  }
  parseArrow(): void {
    this.punct(Tok.arrow, '->');
  }
  parseOptionalArrow(): boolean {
    return this.parser.consumeIf(Tok.arrow);
  }
  parseOptionalEllipsis(): boolean {
    return this.parser.consumeIf(Tok.ellipsis);
  }
  parseOptionalQuestion(): boolean {
    return this.parser.consumeIf(Tok.question);
  }
  parseOptionalStar(): boolean {
    return this.parser.consumeIf(Tok.star);
  }
  parseOptionalVerticalBar(): boolean {
    return this.parser.consumeIf(Tok.vertical_bar);
  }
  parseOptionalPlus(): boolean {
    return this.parser.consumeIf(Tok.plus);
  }
  parseOptionalMinus(): boolean {
    return this.parser.consumeIf(Tok.minus);
  }
}

export interface ParseOptions {
  /** Byte range of the buffer to parse (a `// -----` chunk). */
  start?: number;
  end?: number;
  /** Given each isolated-from-above op once it is complete (the verifier's `verifyNestAhead`). */
  verifier?: NestVerifier;
}

/** What verifies an isolated op's nest while the parse goes on (src/ir/verifier.ts's Verifier). */
export interface NestVerifier {
  verifyNestAhead(op: Operation): void;
}

/**
 * Parses a buffer into a fresh block of top-level operations. Returns
 * undefined after reporting diagnostics when the input is invalid.
 */
export function parseSourceIntoBlock(ctx: Context, source: SourceFile, options: ParseOptions = {}): Block | undefined {
  const state: ParserState = {
    ctx,
    source,
    attributeAliases: new Map(),
    typeAliases: new Map(),
    deferredLocations: [],
  };
  const block = new Block();
  try {
    const parser = new OperationParser(state, options.start, options.end);
    parser.nestVerifier = options.verifier;
    parser.parseTopLevel(block);
    return block;
  } catch (e) {
    if (e instanceof ParseAbort) return undefined;
    throw e;
  }
}

export { UnknownLoc };

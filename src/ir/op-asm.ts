// The interfaces custom operation parsers and printers are written against
// (MLIR's OpAsmParser and OpAsmPrinter, kept at IR level as MLIR's
// OpImplementation.h), and the OperationState a parser fills in.

import type { Attribute, AttrTypePrinter, Type } from './attributes.js';
import type { OperationName } from './context.js';
import type { Location } from './location.js';
import { Operation, PropertyMap, setFlatProperty, type Block, type BlockArgument, type LocationSource, type Region, type Value } from './operation.js';
import type { Context } from './context.js';

/** A use of an SSA value whose definition has not been looked up yet: `%name#number`. */
export interface UnresolvedOperand {
  name: string;
  number: number;
  /** Byte offset of the use. */
  offset: number;
}

/** A region argument being defined: `%name: type {attrs} loc(...)`. */
export interface Argument {
  ssaName: UnresolvedOperand;
  type: Type;
  attrs?: Attribute;
  sourceLoc?: Location;
}

/** The pieces of an operation gathered while parsing it. */
export class OperationState {
  // Lists and maps are made on first use: most ops need only some of them.
  /** @internal */ _operands: Value[] | undefined = undefined;
  /** @internal */ _types: Type[] | undefined = undefined;
  /**
   * @internal The properties as a flat [name, value, name, value, ...] list at
   * its exact size, in insertion order, as the op will keep them (handed over
   * whole: no Map per parsed op); undefined when none.
   */
  _props: (string | Attribute)[] | undefined = undefined;
  /** The `<...>` properties attribute as written, applied when the op is created. */
  propertiesAttr: Attribute | undefined = undefined;
  /** @internal */ _attributes: Map<string, Attribute> | undefined = undefined;
  /** @internal */ _successors: Block[] | undefined = undefined;
  /** @internal */ _regions: Region[] | undefined = undefined;
  /** @internal */ _location: Location | undefined;
  constructor(
    public name: OperationName,
    location: Location | undefined,
    /** Where the op's location comes from when `location` is not given (computed on first use). */
    readonly locationSource: LocationSource | undefined = undefined,
    readonly locationOffset = 0,
  ) {
    this._location = location;
  }
  get location(): Location {
    return (this._location ??= this.locationSource!.location(this.locationOffset));
  }
  set location(l: Location) {
    this._location = l;
  }
  /** The op's location as OperationInit fields, without computing a pending source location. */
  locationInit(): { location?: Location; locationSource?: LocationSource; locationOffset?: number } {
    if (this._location !== undefined || this.locationSource === undefined) return { location: this.location };
    return { locationSource: this.locationSource, locationOffset: this.locationOffset };
  }
  /**
   * A result-less, property-less op of `name` at this op's location (an
   * implicit terminator), as `new Operation({ name, ...locationInit() })`
   * makes it but through the positional constructor: no init objects, and
   * the constructor's call site stays monomorphic while parsing.
   */
  newOpHere(name: OperationName, operands: readonly Value[] | null = null, regions = 0): Operation {
    const pending = this._location === undefined && this.locationSource !== undefined;
    return pending
      ? new Operation(name, this.locationSource!, this.locationOffset, operands, null, null, null, null, null, regions)
      : new Operation(name, this.location, -1, operands, null, null, null, null, null, regions);
  }
  get operands(): Value[] {
    return (this._operands ??= []);
  }
  set operands(v: Value[]) {
    this._operands = v;
  }
  get types(): Type[] {
    return (this._types ??= []);
  }
  set types(v: Type[]) {
    this._types = v;
  }
  /** The properties as a live Map view (hot paths use getProperty/setProperty). */
  get properties(): Map<string, Attribute> {
    return new PropertyMap(this);
  }
  /** Replaces the properties with the entries of `v` (copied). */
  set properties(v: ReadonlyMap<string, Attribute>) {
    let list: (string | Attribute)[] | undefined;
    if (v.size) {
      list = new Array<string | Attribute>(2 * v.size);
      let i = 0;
      for (const [k, a] of v) {
        list[i++] = k;
        list[i++] = a;
      }
    }
    this._props = list;
  }
  get numProperties(): number {
    const p = this._props;
    return p === undefined ? 0 : p.length >> 1;
  }
  propertyName(i: number): string {
    return this._props![2 * i] as string;
  }
  propertyValue(i: number): Attribute {
    return this._props![2 * i + 1] as Attribute;
  }
  getProperty(name: string): Attribute | undefined {
    const p = this._props;
    if (p === undefined) return undefined;
    for (let i = 0; i < p.length; i += 2) if (p[i] === name) return p[i + 1] as Attribute;
    return undefined;
  }
  /** Sets a property; a present one keeps its place, a new one goes last. */
  setProperty(name: string, value: Attribute): void {
    this._props = setFlatProperty(this._props, name, value);
  }
  removeProperty(name: string): boolean {
    const p = this._props;
    if (p === undefined) return false;
    for (let i = 0; i < p.length; i += 2)
      if (p[i] === name) {
        this._props = p.length === 2 ? undefined : [...p.slice(0, i), ...p.slice(i + 2)];
        return true;
      }
    return false;
  }
  get attributes(): Map<string, Attribute> {
    return (this._attributes ??= new Map());
  }
  set attributes(v: Map<string, Attribute>) {
    this._attributes = v;
  }
  get successors(): Block[] {
    return (this._successors ??= []);
  }
  set successors(v: Block[]) {
    this._successors = v;
  }
  get regions(): Region[] {
    return (this._regions ??= []);
  }
  set regions(v: Region[]) {
    this._regions = v;
  }
  addRegion(region: Region): Region {
    // The op takes the list over: kept at its exact size for one or two
    // regions (a list grown by push from [] holds 17 slots).
    const rs = this._regions;
    if (rs === undefined || rs.length === 0) this._regions = [region];
    else if (rs.length === 1) this._regions = [rs[0], region];
    else rs.push(region);
    return region;
  }
}

export type Delimiter = 'none' | 'paren' | 'square' | 'less' | 'braces' | 'optional-paren' | 'optional-square' | 'optional-less' | 'optional-braces';

/**
 * The token-level parser underneath an op or dialect parser. The IR only
 * knows its context; code that needs tokens gets the syntax layer's typed
 * parser with `tokenParser()` from src/syntax/parser.ts.
 */
export interface AsmTokenParser {
  readonly ctx: Context;
}

/**
 * The body of `!dialect.mnemonic<...>` / `#dialect<...>` handed to a dialect.
 * `parser` is a nested parser over exactly the symbol text (for the pretty form
 * `#arith.fastmath<fast>` that is `fastmath<fast>`, positioned at `fastmath`;
 * for the verbose form `#foo<"x">` it is `"x"`); diagnostics it emits point
 * into the original file. Text the hook leaves unparsed is ignored, as MLIR
 * does.
 */
export interface DialectAsmParser {
  readonly parser: AsmTokenParser;
  readonly dialect: string;
  /** The leading identifier of the symbol text (`fastmath`), or '' if it has none. */
  readonly mnemonic: string;
  /** The symbol text and its offsets in the source. */
  readonly body: string;
  readonly bodyStart: number;
  readonly bodyEnd: number;
  /** Offset of the `!`/`#` token, for "invalid type/attribute" style errors. */
  readonly nameLoc: number;
}

/**
 * A region a resumable op parser needs parsed: it yields this instead of
 * calling `parseRegion`, and is resumed once the region is parsed. The
 * parser keeps such pending ops on an explicit stack, so nests of them do
 * not recurse (a 16,000-level `scf.for` nest parses on the main thread).
 */
export interface RegionRequest {
  readonly region: Region;
  readonly args?: readonly Argument[];
  readonly enableNameShadowing?: boolean;
}

/** A custom op parser written as a generator that yields at each region (see `RegionRequest`). */
export type ResumableParse = (p: OpAsmParser, state: OperationState) => Generator<RegionRequest, void, undefined>;

/** Runs a resumable parser to completion with nested `parseRegion` calls (for callers that need a plain parser). */
export function runResumableParse(parse: ResumableParse, p: OpAsmParser, state: OperationState): void {
  const gen = parse(p, state);
  for (let r = gen.next(); !r.done; r = gen.next()) p.parseRegion(r.value.region, r.value.args ?? [], r.value.enableNameShadowing ?? false);
}

/** What a custom op parser can do. Methods throw (after reporting) on failure. */
export interface OpAsmParser {
  /** The token-level parser underneath (see `AsmTokenParser`). */
  readonly parser: AsmTokenParser;
  /** The offset of the op name. */
  readonly nameOffset: number;
  /** The op name as written (`scf.for`), for diagnostics. */
  readonly opName: string;
  /** How many results the op was bound to with `%x, %y:2 =`. */
  readonly numResults: number;
  /** The name and index within its group of the result at `index` (`['x', 0]`). */
  resultName(index: number): [string, number] | undefined;

  /** Reports `custom op 'name' message` at `offset` and aborts. */
  error(message: string, offset?: number): never;
  currentOffset(): number;
  location(offset: number): Location;

  parseOperand(allowResultNumber?: boolean): UnresolvedOperand;
  parseOptionalOperand(allowResultNumber?: boolean): UnresolvedOperand | undefined;
  parseOperandList(delimiter?: Delimiter, requiredCount?: number): UnresolvedOperand[];
  resolveOperand(operand: UnresolvedOperand, type: Type): Value;
  resolveOperands(operands: readonly UnresolvedOperand[], types: readonly Type[], offset: number): Value[];

  parseArgument(allowType?: boolean, allowAttrs?: boolean): Argument;
  parseOptionalArgument(allowType?: boolean, allowAttrs?: boolean): Argument | undefined;
  parseArgumentList(delimiter: Delimiter, allowType?: boolean, allowAttrs?: boolean): Argument[];
  /**
   * MLIR's parseCommaSeparatedList: `element` for each item between the
   * delimiters (an empty list allowed inside them, at least one item with
   * 'none'); `context` ends the "expected '('" style errors.
   */
  parseCommaSeparatedList(delimiter: Delimiter, element: () => void, context?: string): void;
  /** `(%a = %b, ...)` if present. */
  parseOptionalAssignmentList(): { lhs: Argument[]; rhs: UnresolvedOperand[] } | undefined;

  parseRegion(region: Region, args?: readonly Argument[], enableNameShadowing?: boolean): void;
  parseOptionalRegion(region: Region, args?: readonly Argument[]): boolean;
  parseSuccessor(): Block;
  parseOptionalSuccessor(): Block | undefined;
  parseSuccessorAndUseList(): { block: Block; operands: Value[] };

  /**
   * An attribute dictionary if present, into `into` (given an OperationState,
   * its attributes: the state makes its map only when there is a dictionary).
   */
  parseOptionalAttrDict(into: Map<string, Attribute> | OperationState): void;
  parseOptionalAttrDictWithKeyword(into: Map<string, Attribute> | OperationState): void;
  parseAttribute(type?: Type): Attribute;
  parseOptionalAttribute(type?: Type): Attribute | undefined;
  parseSymbolName(): string;
  parseOptionalSymbolName(): string | undefined;
  parseOptionalLocationSpecifier(): Location | undefined;

  parseType(): Type;
  parseOptionalType(): Type | undefined;
  parseColonType(): Type;
  parseColonTypeList(): Type[];
  parseTypeList(): Type[];
  parseArrowTypeList(): Type[];
  parseOptionalArrowTypeList(): Type[] | undefined;
  parseOptionalColonTypeList(): Type[];
  /** `->` then a type or a parenthesized list (function result syntax). */
  parseFunctionResultTypes(): Type[];

  parseKeyword(word: string, context?: string): void;
  parseOptionalKeyword(word?: string | readonly string[]): string | undefined;
  parseInteger(): bigint;
  parseOptionalInteger(): bigint | undefined;
  parseString(): string;
  parseOptionalString(): string | undefined;

  parseLParen(): void;
  parseOptionalLParen(): boolean;
  parseRParen(): void;
  parseOptionalRParen(): boolean;
  parseLSquare(): void;
  parseOptionalLSquare(): boolean;
  parseRSquare(): void;
  parseOptionalRSquare(): boolean;
  parseLess(): void;
  parseOptionalLess(): boolean;
  parseGreater(): void;
  parseOptionalGreater(): boolean;
  parseLBrace(): void;
  parseOptionalLBrace(): boolean;
  parseRBrace(): void;
  parseOptionalRBrace(): boolean;
  parseColon(): void;
  parseOptionalColon(): boolean;
  parseComma(): void;
  parseOptionalComma(): boolean;
  parseEqual(): void;
  parseOptionalEqual(): boolean;
  parseArrow(): void;
  parseOptionalArrow(): boolean;
  parseOptionalEllipsis(): boolean;
  parseOptionalQuestion(): boolean;
  parseOptionalStar(): boolean;
  parseOptionalVerticalBar(): boolean;
  parseOptionalPlus(): boolean;
  parseOptionalMinus(): boolean;
}

export interface PrintRegionOptions {
  printEntryBlockArgs?: boolean;
  printBlockTerminators?: boolean;
  printEmptyBlock?: boolean;
}

export interface OpAsmPrinter extends AttrTypePrinter {
  /** Prints the SSA name of a value (`%0`, `%arg1`, `%c0`, `%x#1`). */
  printOperand(value: Value): void;
  /** The SSA name `printOperand` would print, without printing it. */
  valueName?(value: Value): string;
  /** Prints values separated by `, `. */
  printOperands(values: readonly Value[]): void;
  /** Prints types separated by `, `. */
  printTypes(types: readonly Type[]): void;
  /** `-> type` or `-> (types)` as MLIR prints function results; nothing when empty. */
  printArrowTypeList(types: readonly Type[]): void;
  /** `(inputs) -> results` for the op's operand and result types. */
  printFunctionalType(op: Operation): void;
  printFunctionType(inputs: readonly Type[], results: readonly Type[]): void;
  /** Prints ` {a = 1, b}` for the attributes not in `elided`; nothing if none remain. */
  printOptionalAttrDict(attrs: Iterable<readonly [string, Attribute]>, elided?: readonly string[]): void;
  /** Like printOptionalAttrDict, with ` attributes` before the dictionary. */
  printOptionalAttrDictWithKeyword(attrs: Iterable<readonly [string, Attribute]>, elided?: readonly string[]): void;
  printRegion(region: Region, options?: PrintRegionOptions): void;
  /** `%name: type` (plus attributes and location as MLIR prints them). */
  printRegionArgument(arg: BlockArgument, argAttrs?: Attribute, omitType?: boolean): void;
  printSuccessor(block: Block): void;
  /** `^bb1(%0 : i32)` */
  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void;
  printSymbolName(name: string): void;
  printString(value: string): void;
  printKeywordOrString(value: string): void;
  printOptionalLocationSpecifier(loc: Location): void;
  printNewline(): void;
  increaseIndent(): void;
  decreaseIndent(): void;
  /** Gives the entry arguments of an isolated region the names of `values` (e.g. `func.func` bodies are not renamed). */
  shadowRegionArgs(region: Region, values: readonly Value[]): void;
  /** Prints an op in its generic form (for ops with no custom form). */
  printGenericOp(op: Operation, printOpName?: boolean): void;
  /** Print an arbitrary op nested in this one with its full syntax (used by wrapper ops). */
  printCustomOrGenericOp(op: Operation): void;
  /** True when the printer prints debug locations. */
  readonly printDebugInfo: boolean;
}

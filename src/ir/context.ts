// The context: registered dialects and their operations, and the diagnostic engine.

import type { Attribute, Type } from './attributes.js';
import type { DictionaryAttr } from './builtin-attributes.js';
import { type Diagnostic, DiagnosticEngine, type Severity } from './diagnostics.js';
import type { Block, Operation, Region, Value } from './operation.js';
import type { DialectAsmParser, OpAsmParser, OpAsmPrinter, OperationState, ResumableParse } from './op-asm.js';
import type { Location } from './location.js';
import type { Builder } from './builder.js';
import type { RewritePattern } from './pattern.js';

/**
 * What an op's folder produced, one entry per result: a constant (to be
 * materialized by the dialect) or an existing value. An empty list means the
 * op was updated in place.
 */
export type FoldResult = (Attribute | Value)[];

/**
 * Whether folds run as a simulation: an analysis (sccp's, the dead code
 * analysis of remove-dead-values) folding on assumed constants, which undoes
 * a fold's in-place change to the op. A fold that builds ops or rewrites uses
 * outside its op (MLIR 22's ExtractStridedMetadataOp::fold) must then do
 * nothing: no one could undo it, and the analysis would miss the new ops.
 */
let foldSimulation = false;
export function isSimulatingFolds(): boolean {
  return foldSimulation;
}
/** Turns fold simulation on or off; returns the previous setting. */
export function setFoldSimulation(on: boolean): boolean {
  const previous = foldSimulation;
  foldSimulation = on;
  return previous;
}

/** Well-known trait names. Traits are plain strings so dialects can add their own. */
export const Traits = {
  IsTerminator: 'IsTerminator',
  NoTerminator: 'NoTerminator',
  SingleBlock: 'SingleBlock',
  IsolatedFromAbove: 'IsolatedFromAbove',
  SymbolTable: 'SymbolTable',
  Symbol: 'Symbol',
  ReturnLike: 'ReturnLike',
  ConstantLike: 'ConstantLike',
  AffineScope: 'AffineScope',
  ZeroRegions: 'ZeroRegions',
  /** Regions are graph regions: no dominance, no terminator required (RegionKindInterface). */
  GraphRegions: 'GraphRegions',
  Pure: 'Pure',
  Commutative: 'Commutative',
  /** The op has the memory effects of the ops nested in its regions (MLIR's RecursiveMemoryEffects). */
  RecursiveMemoryEffects: 'RecursiveMemoryEffects',
  /** The op's regions are a scope for stack allocations (memref.alloca's memory is released when they exit). */
  AutomaticAllocationScope: 'AutomaticAllocationScope',
} as const;

/** Everything a dialect says about one of its operations. */
/** A compiled assembly format's printer (src/ods/format.ts). */
export interface FormatPrinter {
  print(p: OpAsmPrinter, op: Operation): void;
}

export interface OpDefinition {
  /** The full name, e.g. `func.return`. */
  readonly name: string;
  readonly traits: ReadonlySet<string>;
  /** Names of inherent attributes, stored as properties. */
  readonly inherentAttrNames: ReadonlySet<string>;
  /**
   * The segment-size properties (`operandSegmentSizes`, `resultSegmentSizes`)
   * of an op with AttrSized*Segments, each with its number of groups: MLIR
   * keeps them as fixed-size i32 arrays, all zeros until set.
   */
  readonly segmentSizeProperties?: ReadonlyMap<string, number>;
  /** For `SingleBlockImplicitTerminator<...>`: the terminator op's name. */
  readonly implicitTerminator?: string;
  /** For `HasParent<...>`: the allowed parent op names. */
  readonly parentOps?: readonly string[];
  /** Op-specific invariants. Emits diagnostics and returns false on failure. */
  verify?(op: Operation, ctx: Context): boolean;
  /** Invariants that need the op's regions verified first. */
  verifyRegions?(op: Operation, ctx: Context): boolean;
  /** Custom assembly. Throws (after emitting a diagnostic) on failure. */
  parse?(p: OpAsmParser, state: OperationState): void;
  /** The same parser as a generator that yields at each region; the parser then parses nests without recursing. */
  parseResumable?: ResumableParse;
  print?(p: OpAsmPrinter, op: Operation): void;
  /**
   * Set once an op's assembly format is compiled: what `print` calls, for
   * the printer to call directly (one call site for every formatted op).
   */
  formatPrinter?: FormatPrinter;
  /** Result name hints (`%c0`, `%cst`). */
  getAsmResultNames?(op: Operation, setName: (value: Value, name: string) => void): void;
  getAsmBlockArgumentNames?(region: Region, setName: (value: Value, name: string) => void): void;
  getAsmBlockNames?(op: Operation, setName: (block: Block, name: string) => void): void;
  /** The dialect used to resolve unprefixed op names inside this op's regions. */
  readonly defaultDialect?: string;
  /** Interface implementations keyed by interface name. */
  readonly interfaces?: Readonly<Record<string, unknown>>;
  /**
   * MLIR's fold hook. `operands` holds the constant value of each operand where
   * known. Returns undefined when the op does not fold.
   */
  fold?(op: Operation, operands: readonly (Attribute | undefined)[]): FoldResult | undefined;
  /** Canonicalization patterns rooted at (or applying to) this op. */
  getCanonicalizationPatterns?(): readonly RewritePattern[];
  /** Fills in default-valued properties of a new op (ODS DefaultValuedAttr). */
  initProperties?(properties: Map<string, Attribute>): void;
  /** Whether `value` can be stored as inherent attribute `name` (checked for the generic `<{...}>` form). */
  convertProperty?(name: string, value: Attribute): boolean;
  /**
   * MLIR's setPropertiesFromAttr, for ops with native properties: the
   * properties a generic op's `<{...}>` dictionary sets, or the reason it
   * cannot (reported as `invalid properties ...`). Replaces convertProperty.
   */
  propertiesFromAttr?(dict: DictionaryAttr): Map<string, Attribute> | string;
  /** Checks inherent attributes given in a generic op's attribute dictionary; returns an error message. */
  verifyInherentAttrs?(attrs: ReadonlyMap<string, Attribute>): string | undefined;
}

export interface Dialect {
  readonly name: string;
  readonly ops: readonly OpDefinition[];
  /** Parses the body of `!dialect.xxx` / `!dialect<...>` types. */
  parseType?(p: DialectAsmParser): Type;
  parseAttribute?(p: DialectAsmParser, type: Type | undefined): Attribute;
  /** Accept ops of this dialect that it does not define (for partially supported dialects). */
  readonly allowUnknownOperations?: boolean;
  /** Alias name hook (OpAsmDialectInterface::getAlias) for attributes and types. */
  getAlias?(element: Attribute | Type): string | undefined;
  /** Builds a constant op producing `value` of `type` at the builder's insertion point (folding). */
  materializeConstant?(builder: Builder, value: Attribute, type: Type, location: Location): Operation | undefined;
  /** Dialect-wide canonicalization patterns. */
  getCanonicalizationPatterns?(): readonly RewritePattern[];
  /**
   * Whether the inliner may move `op` (one of this dialect's) into `dest`,
   * the region of the call being inlined (MLIR's DialectInlinerInterface).
   * A dialect without it is never inlined.
   */
  isLegalToInline?(op: Operation, dest: Region): boolean;
  /**
   * Checks a discardable attribute named with this dialect's prefix, set on an
   * op ('op') or on a function argument or result ('arg', 'result'); emits a
   * diagnostic and returns false when invalid.
   */
  verifyAttribute?(ctx: Context, op: Operation, name: string, value: Attribute, on: 'op' | 'arg' | 'result'): boolean;
}

/** An interned operation name, with its definition when registered. */
export class OperationName {
  readonly dialectName: string;
  constructor(
    readonly name: string,
    readonly def: OpDefinition | undefined,
    /** The context that interned the name (MLIR's getContext() of an op). */
    readonly context: Context,
  ) {
    const dot = name.indexOf('.');
    this.dialectName = dot < 0 ? '' : name.slice(0, dot);
  }
  toString(): string {
    return this.name;
  }
}

/** Reports `message` at the op's location, with MLIR's "see current operation" note. */
export function emitOpDiagnostic(ctx: Context, op: Operation, severity: Severity, message: string): Diagnostic {
  const d = ctx.diagnostics.emit(severity, op.location, message);
  if (ctx.printOpOnDiagnostic && ctx.printOpForDiagnostic) {
    const text = ctx.printOpForDiagnostic(op);
    d.attachNote('see current operation: ' + (text.includes('\n') ? '\n' : '') + text, op.location);
  }
  return d;
}

/** `op.emitError(...)`: an error at the op with the op attached. */
export function emitError(ctx: Context, op: Operation, message: string): Diagnostic {
  return emitOpDiagnostic(ctx, op, 'error', message);
}

/** `op.emitOpError(...)`: like emitError with the `'name' op ` prefix. */
export function emitOpError(ctx: Context, op: Operation, message: string): Diagnostic {
  return emitOpDiagnostic(ctx, op, 'error', `'${op.name.name}' op ${message}`);
}

/** Quotes a type or attribute as MLIR's diagnostics do: `'i32'`. */
export function q(e: Type | Attribute): string {
  return `'${e.key}'`;
}

/** Quotes each element, comma separated: `'f32', 'i32'`. */
export function qList(list: readonly (Type | Attribute)[]): string {
  return list.map(q).join(', ');
}

/** Reports `'name' op message` and returns false, for use in verifiers. */
export function fail(ctx: Context, op: Operation, message: string): false {
  emitOpError(ctx, op, message);
  return false;
}

/** Reports `message` at the op (without the `'name' op` prefix, as `op->emitError`) and returns false. */
export function failPlain(ctx: Context, op: Operation, message: string): false {
  emitError(ctx, op, message);
  return false;
}

/** Runs the owning dialect's `verifyAttribute` hook for a `dialect.name` attribute, if there is one. */
export function verifyDialectAttribute(ctx: Context, op: Operation, name: string, value: Attribute, on: 'op' | 'arg' | 'result'): boolean {
  const dot = name.indexOf('.');
  if (dot <= 0) return true;
  const dialect = ctx.getDialect(name.slice(0, dot));
  return dialect?.verifyAttribute ? dialect.verifyAttribute(ctx, op, name, value, on) : true;
}

export class Context {
  allowUnregisteredDialects = false;
  /** Attach the failing op (generic form) as a note to op diagnostics, as mlir-opt does by default. */
  printOpOnDiagnostic = true;
  readonly diagnostics = new DiagnosticEngine();
  /** Text passes write to the standard output (llvm::outs()); the driver emits it ahead of the printed IR. */
  stdout = '';
  /** Prints an op for the "see current operation" note; installed by the syntax layer. */
  printOpForDiagnostic: ((op: Operation) => string) | undefined;
  private readonly dialects = new Map<string, Dialect>();
  private readonly opNames = new Map<string, OperationName>();

  registerDialect(dialect: Dialect): void {
    this.dialects.set(dialect.name, dialect);
    for (const def of dialect.ops) this.opNames.set(def.name, new OperationName(def.name, def, this));
  }
  getDialect(name: string): Dialect | undefined {
    return this.dialects.get(name);
  }
  get dialectNames(): string[] {
    return [...this.dialects.keys()].sort();
  }
  /** The registered definition of an op name, if any. */
  lookupOp(name: string): OperationName | undefined {
    const n = this.opNames.get(name);
    return n?.def ? n : undefined;
  }
  /** The interned name, registered or not. */
  getOperationName(name: string): OperationName {
    let n = this.opNames.get(name);
    if (!n) {
      n = new OperationName(name, undefined, this);
      this.opNames.set(name, n);
    }
    return n;
  }
}

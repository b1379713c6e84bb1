// The interface custom operation printers are written against (MLIR's OpAsmPrinter).

import type { Attribute, AttrTypePrinter, Type } from '../ir/attributes.js';
import type { Location } from '../ir/location.js';
import type { Block, BlockArgument, Operation, Region, Value } from '../ir/operation.js';

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

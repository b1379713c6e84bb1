// The shared pieces of the llvm dialect's custom syntax (LLVMDialect.cpp):
// the type and attribute constraints of LLVMOpBase.td, attribute values with
// a bare syntax (dense arrays as `[1, 2]`, types standing for TypeAttrs), the
// custom directives the ops' assembly formats name (GEPIndices,
// SwitchOpCases, InsertExtractValueElementType, ShuffleType), operation
// bundles (calls, assume), and the linkage/visibility/unnamed_addr keywords
// functions, globals and aliases share.

import type { Attribute, Type } from '../../ir/attributes.js';
import { ArrayAttr, DenseArrayAttr, DenseIntOrFPElementsAttr, DictionaryAttr, IntegerAttr, StringAttr, TypeAttr } from '../../ir/builtin-attributes.js';
import { FloatType, IntegerType, NoneType, VectorType } from '../../ir/builtin-types.js';
import { q } from '../../ir/context.js';
import type { OpAsmParser, OpAsmPrinter, OperationState, UnresolvedOperand } from '../../ir/op-asm.js';
import type { Block, Operation, Value } from '../../ir/operation.js';
import { attrConstraint, registerCustomDirective, typeConstraint, type AttrConstraint, type TypeConstraint } from '../../ods/index.js';
import { LLVMParamsAttr, Linkage, UNNAMED_ADDR_KEYWORDS, VISIBILITY_KEYWORDS, Visibility } from './attrs.js';
import { LLVMArrayType, LLVMFunctionType, LLVMKeywordType, LLVMPointerType, LLVMStructType, LLVMVoidType, aggregateElementType } from './types.js';

// ============================================================================
// Type constraints (LLVMOpBase.td)

const isSignlessInt = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';
const isPointer = (t: Type): boolean => t instanceof LLVMPointerType;

/** MLIR's LLVM::isCompatibleType (any float kind is accepted). */
export function isCompatibleType(t: Type): boolean {
  if (t instanceof IntegerType) return t.signedness === 'signless';
  if (t instanceof FloatType) return true;
  if (t instanceof VectorType) return isCompatibleVectorType(t);
  if (t instanceof LLVMStructType) return t.body.every(isCompatibleType);
  if (t instanceof LLVMArrayType) return isCompatibleType(t.elementType);
  if (t instanceof LLVMFunctionType) return isCompatibleType(t.returnType) && t.params.every(isCompatibleType);
  return t instanceof LLVMPointerType || t instanceof LLVMVoidType || t instanceof LLVMKeywordType;
}

/** 1-D vectors of signless integers, floats or pointers. */
function isCompatibleVectorType(t: Type): t is VectorType {
  if (!(t instanceof VectorType) || t.shape.length !== 1) return false;
  const e = t.elementType;
  return isSignlessInt(e) || e instanceof FloatType || e instanceof LLVMPointerType;
}

/** `LLVM_ScalarOrVectorOf<T>`. */
function scalarOrVectorOf(summary: string, scalar: (t: Type) => boolean): TypeConstraint {
  return typeConstraint(`${summary} or LLVM dialect-compatible vector of ${summary}`, (t) => scalar(t) || (isCompatibleVectorType(t) && scalar(t.elementType)));
}

export const LLVMAnyType = typeConstraint('LLVM dialect-compatible type', isCompatibleType);
export const LLVMAnyPointer = typeConstraint('LLVM pointer type', isPointer);
export const LLVMDefaultPointer = typeConstraint(
  'LLVM pointer in address space 0',
  (t) => t instanceof LLVMPointerType && t.addressSpace === 0,
  LLVMPointerType.get(),
);
export const AnySignlessInteger = typeConstraint('signless integer', isSignlessInt);
export const LLVMI1 = typeConstraint('1-bit signless integer', (t) => isSignlessInt(t) && (t as IntegerType).width === 1, IntegerType.get(1));
export const LLVMI8 = typeConstraint('8-bit signless integer', (t) => isSignlessInt(t) && (t as IntegerType).width === 8, IntegerType.get(8));
export const IntOrVector = scalarOrVectorOf('signless integer', isSignlessInt);
export const FloatOrVector = scalarOrVectorOf('floating point LLVM type', (t) => t instanceof FloatType);
export const PointerOrVector = scalarOrVectorOf('LLVM pointer type', isPointer);
export const I1OrVector = scalarOrVectorOf('1-bit signless integer', (t) => isSignlessInt(t) && (t as IntegerType).width === 1);
export const IntOrPointerOrVector = typeConstraint(
  `${IntOrVector.summary} or ${PointerOrVector.summary}`,
  (t) => IntOrVector.check(t) || PointerOrVector.check(t),
);
/** Parsed as a builtin vector type (ODS's cppType VectorType). */
export const LLVMAnyVector: TypeConstraint = {
  ...typeConstraint('LLVM dialect-compatible vector type', isCompatibleVectorType),
  typeClass: { name: 'builtin.vector', is: (t) => t instanceof VectorType },
};
export const LLVMAnyAggregate = typeConstraint('LLVM aggregate type', (t) => t instanceof LLVMStructType || t instanceof LLVMArrayType);
export const LLVMPrimitiveType = typeConstraint(
  'primitive LLVM type',
  (t) => isCompatibleType(t) && !(t instanceof LLVMVoidType || t instanceof LLVMFunctionType),
);
export const LLVMLoadableType = typeConstraint(
  'LLVM type with size',
  (t) => isCompatibleType(t) && !(t instanceof LLVMVoidType || t instanceof LLVMFunctionType || t instanceof LLVMKeywordType),
);
export const LLVMNonAggregate = typeConstraint(
  'LLVM-compatible non-aggregate type',
  (t) => isCompatibleType(t) && !(t instanceof LLVMStructType || t instanceof LLVMArrayType),
);

/** i1 with the shape of `t` (MLIR's getI1SameShape). */
export function getI1SameShape(t: Type): Type {
  return t instanceof VectorType ? VectorType.get(t.shape, IntegerType.get(1), t.scalableDims) : IntegerType.get(1);
}

export function getVectorElementType(t: Type): Type {
  return t instanceof VectorType ? t.elementType : t;
}

// ============================================================================
// Attribute constraints

const isIntAttrOf = (a: Attribute, width: number): a is IntegerAttr =>
  a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === width && a.type.signedness === 'signless';

/** `I1Attr`: a boolean stored as an i1 integer. */
export const I1Attr = attrConstraint<IntegerAttr, boolean>('1-bit signless integer attribute', (a) => isIntAttrOf(a, 1), {
  convertible: (a) => a instanceof IntegerAttr,
  valueType: IntegerType.get(1),
  decode: (a) => a.value !== 0n,
  encode: (v) => IntegerAttr.get(IntegerType.get(1), v ? 1n : 0n),
});

/** Any attribute, described as ODS describes it (no check beyond being an attribute). */
export function anyAttrOf(summary: string): AttrConstraint {
  return attrConstraint(summary, () => true);
}

export const ArrayAttrOf = (summary: string): AttrConstraint<ArrayAttr> => attrConstraint<ArrayAttr>(summary, (a) => a instanceof ArrayAttr, { valueType: NoneType.get() });
export const DictArrayAttr = attrConstraint<ArrayAttr>(
  'Array of dictionary attributes',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof DictionaryAttr),
  { valueType: NoneType.get() },
);
export const LoopAnnotationAttrC = attrConstraint<LLVMParamsAttr>('', (a) => a instanceof LLVMParamsAttr && a.mnemonic === 'loop_annotation');
export const IntElementsAttrC = attrConstraint<DenseIntOrFPElementsAttr>(
  'integer elements attribute',
  (a) => a instanceof DenseIntOrFPElementsAttr && (a.type as VectorType).elementType instanceof IntegerType,
);

/** `[1, -2]`: a dense integer array written without its `array<iN:` wrapper, as LLVM ops print positions and masks. */
function strippedDenseArray(width: number): AttrConstraint<DenseArrayAttr, readonly bigint[]> {
  const elementType = IntegerType.get(width);
  return attrConstraint<DenseArrayAttr, readonly bigint[]>(
    `i${width} dense array attribute`,
    (a) => a instanceof DenseArrayAttr && a.elementType === elementType,
    {
      decode: (a) => a.values,
      encode: (v) => DenseArrayAttr.get(elementType, v),
      parseBare(p) {
        return DenseArrayAttr.get(elementType, parseIntegerList(p));
      },
      printBare(p, a) {
        p.write(`[${a instanceof DenseArrayAttr ? a.values.join(', ') : ''}]`);
      },
    },
  );
}

/** `[` (int (`,` int)*)? `]` */
function parseIntegerList(p: OpAsmParser): bigint[] {
  const out: bigint[] = [];
  p.parseLSquare();
  if (p.parseOptionalRSquare()) return out;
  do out.push(parseSignedInteger(p));
  while (p.parseOptionalComma());
  p.parseRSquare();
  return out;
}

function parseSignedInteger(p: OpAsmParser): bigint {
  const neg = p.parseOptionalMinus();
  const v = p.parseInteger();
  return neg ? -v : v;
}

export const DenseI32ArrayC = strippedDenseArray(32);
export const DenseI64ArrayC = strippedDenseArray(64);

/** `TypeAttr` written as the bare type in the custom form; accessors read the type. */
export const TypeAttrC = attrConstraint<TypeAttr, Type>('any type attribute', (a) => a instanceof TypeAttr, {
  valueType: NoneType.get(),
  decode: (a) => a.value,
  encode: (v) => TypeAttr.get(v),
  parseBare: (p) => TypeAttr.get(p.parseType()),
  printBare: (p, a) => (a instanceof TypeAttr ? p.printType(a.value) : p.printAttribute(a)),
});

/** `TypeAttrOf<LLVM_FunctionType>`; accessors read the function type. */
export const FunctionTypeAttrC = attrConstraint<TypeAttr, LLVMFunctionType>(
  'type attribute of LLVM function type',
  (a) => a instanceof TypeAttr && a.value instanceof LLVMFunctionType,
  { valueType: NoneType.get(), decode: (a) => a.value as LLVMFunctionType, encode: (v) => TypeAttr.get(v) },
);

// ============================================================================
// Custom directives

/** `GEPOp::kDynamicIndex`: the raw constant index marking a dynamic one. */
export const GEP_DYNAMIC_INDEX = -2147483648;

// `custom<GEPIndices>($dynamicIndices, $rawConstantIndices)`: `%i, 1, %j` inside the brackets.
registerCustomDirective('GEPIndices', {
  parse(p, args) {
    const raw: bigint[] = [];
    const dynamic: UnresolvedOperand[] = [];
    do {
      const c = p.parseOptionalInteger();
      if (c !== undefined) raw.push(c);
      else {
        dynamic.push(p.parseOperand());
        raw.push(BigInt(GEP_DYNAMIC_INDEX));
      }
    } while (p.parseOptionalComma());
    args[0].setOperands!(dynamic);
    args[1].setAttr!(DenseArrayAttr.get(IntegerType.get(32), raw));
  },
  print(p, _op, args) {
    const dynamic = args[0].values ?? [];
    const raw = args[1].attr instanceof DenseArrayAttr ? args[1].attr.values : [];
    let d = 0;
    raw.forEach((r, i) => {
      if (i) p.write(', ');
      if (Number(r) === GEP_DYNAMIC_INDEX) p.printOperand(dynamic[d++]);
      else p.write(String(r));
    });
  },
});


/** The element type at `position` of an aggregate, reporting MLIR's message through `emit`. */
export function insertExtractValueElementType(container: Type, position: readonly bigint[], emit: (msg: string) => void): Type | undefined {
  let t = container;
  for (const idx of position) {
    if (t instanceof LLVMArrayType || t instanceof LLVMStructType) {
      const next = aggregateElementType(t, [Number(idx)]);
      if (next === undefined || idx > BigInt(Number.MAX_SAFE_INTEGER)) {
        emit(`position out of bounds: ${idx}`);
        return undefined;
      }
      t = next;
    } else {
      emit(`expected LLVM IR structure/array type, got: ${q(t)}`);
      return undefined;
    }
  }
  return t;
}

// `custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))`:
// nothing is written; the element type follows from the container type and the position.
registerCustomDirective('InsertExtractValueElementType', {
  parse(p, args) {
    const container = args[1].getTypes!()?.[0];
    const position = args[2].getAttr!();
    if (!container || !(position instanceof DenseArrayAttr)) return;
    const offset = p.currentOffset();
    const t = insertExtractValueElementType(container, position.values, (msg) => p.error(msg, offset));
    args[0].setTypes!([t!]);
  },
  print() {},
});

// `custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))`: the result is a vector of the
// mask's length.
registerCustomDirective('ShuffleType', {
  parse(p, args) {
    const v1 = args[0].getTypes!()?.[0];
    const mask = args[2].getAttr!();
    if (!(v1 instanceof VectorType)) return p.error('expected an LLVM compatible vector type');
    const n = mask instanceof DenseArrayAttr ? mask.values.length : 0;
    args[1].setTypes!([VectorType.get([n], v1.elementType, v1.isScalable ? [true] : undefined)]);
  },
  print() {},
});

// `custom<SwitchOpCases>(ref(type($value)), $case_values, $caseDestinations, $caseOperands,
// type($caseOperands), $case_operand_segments)`: `[ 0: ^bb1(%a : i32), 5: ^bb2 ]`, one case a line.
registerCustomDirective('SwitchOpCases', {
  parse(p, args) {
    const valueType = args[0].getTypes!()?.[0];
    const values: bigint[] = [];
    const blocks: Block[] = [];
    const operands: UnresolvedOperand[] = [];
    const types: Type[] = [];
    const segments: bigint[] = [];
    p.parseLSquare();
    if (!p.parseOptionalRSquare()) {
      do {
        values.push(parseSignedInteger(p));
        p.parseColon();
        blocks.push(p.parseSuccessor());
        let n = 0;
        if (p.parseOptionalLParen()) {
          const list = p.parseOperandList();
          p.parseColon();
          const ts = p.parseTypeList();
          operands.push(...list);
          types.push(...ts);
          n = list.length;
          p.parseRParen();
        }
        segments.push(BigInt(n));
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    if (values.length && valueType) args[1].setAttr!(DenseIntOrFPElementsAttr.get(VectorType.get([values.length], valueType), values));
    args[2].setSuccessors!(blocks);
    args[3].setOperands!(operands);
    args[4].setTypes!(types);
    args[5].setAttr!(DenseArrayAttr.get(IntegerType.get(32), segments));
  },
  print(p, _op, args) {
    const cv = args[1].attr;
    const values = cv instanceof DenseIntOrFPElementsAttr ? cv.intValues() : [];
    const blocks = args[2].successors ?? [];
    const groups = splitBySegments(args[3].values ?? [], args[5].attr);
    p.write('[');
    p.printNewline();
    if (!cv) return p.write(']');
    values.forEach((v, i) => {
      if (i) {
        p.write(',');
        p.printNewline();
      }
      p.write(`  ${v}: `);
      p.printSuccessorAndUseList(blocks[i], groups[i] ?? []);
    });
    p.printNewline();
    p.write(']');
  },
});

/** `values` split into consecutive groups of the sizes a dense i32 array gives. */
export function splitBySegments(values: readonly Value[], sizes: Attribute | undefined): Value[][] {
  const out: Value[][] = [];
  if (!(sizes instanceof DenseArrayAttr)) return out;
  let start = 0;
  for (const n of sizes.values) {
    out.push(values.slice(start, start + Number(n)));
    start += Number(n);
  }
  return out;
}

/** Sets `op_bundle_sizes`, the sizes of the operation bundles' operand groups. */
export function setOpBundleSizes(state: OperationState, sizes: readonly number[]): void {
  state.properties.set('op_bundle_sizes', DenseArrayAttr.get(IntegerType.get(32), sizes.map(BigInt)));
}

/** Operation bundles, if the next token opens a list of them. */
export function parseOpBundles(p: OpAsmParser): { operands: UnresolvedOperand[]; types: Type[]; tags: StringAttr[]; sizes: number[] } {
  const operands: UnresolvedOperand[] = [];
  const types: Type[] = [];
  const tags: StringAttr[] = [];
  const sizes: number[] = [];
  if (!p.parseOptionalLSquare()) return { operands, types, tags, sizes };
  if (!p.parseOptionalRSquare()) {
    do {
      tags.push(StringAttr.get(p.parseString()));
      p.parseLParen();
      let n = 0;
      if (!p.parseOptionalRParen()) {
        const list = p.parseOperandList();
        p.parseColon();
        types.push(...p.parseTypeList());
        operands.push(...list);
        n = list.length;
        p.parseRParen();
      }
      sizes.push(n);
    } while (p.parseOptionalComma());
    p.parseRSquare();
  }
  return { operands, types, tags, sizes };
}

export function printOpBundles(p: OpAsmPrinter, operands: readonly Value[], tags: Attribute | undefined, sizes: Attribute | undefined): void {
  if (!(tags instanceof ArrayAttr) || !tags.elements.length) return;
  const groups = sizes instanceof DenseArrayAttr ? splitBySegments(operands, sizes) : [];
  p.write('[');
  tags.elements.forEach((tag, i) => {
    if (i) p.write(', ');
    p.printAttribute(tag);
    p.write('(');
    const g = groups[i] ?? [];
    if (g.length) {
      p.printOperands(g);
      p.write(' : ');
      p.printTypes(g.map((v) => v.type));
    }
    p.write(')');
  });
  p.write(']');
}

// ============================================================================
// Linkage, visibility and unnamed_addr keywords (functions and globals)

/** An optional linkage keyword; external when absent. */
export function parseLinkage(p: OpAsmParser): number {
  const k = p.parseOptionalKeyword(Linkage.names);
  return k === undefined ? Linkage.case.external : Linkage.symbolize(k)!;
}

export function visibilityKeyword(v: number): string {
  return VISIBILITY_KEYWORDS[v] ?? '';
}
export function unnamedAddrKeyword(v: number): string {
  return UNNAMED_ADDR_KEYWORDS[v] ?? '';
}
/** The visibility a keyword names, if it names one (`default` names the default). */
export function visibilityOfKeyword(k: string): number | undefined {
  if (k === 'default') return Visibility.case.Default;
  const i = VISIBILITY_KEYWORDS.indexOf(k as (typeof VISIBILITY_KEYWORDS)[number]);
  return i > 0 ? i : undefined;
}
export function unnamedAddrOfKeyword(k: string): number | undefined {
  const i = UNNAMED_ADDR_KEYWORDS.indexOf(k as (typeof UNNAMED_ADDR_KEYWORDS)[number]);
  return i > 0 ? i : undefined;
}
export const VISIBILITY_WORDS: readonly string[] = ['hidden', 'protected', 'default'];
export const UNNAMED_ADDR_WORDS: readonly string[] = ['unnamed_addr', 'local_unnamed_addr'];

/** Prints the op's attributes and properties as a dictionary, without `elided` and without properties equal to `defaults`. */
export function printAttrDict(
  p: OpAsmPrinter,
  op: Operation,
  elided: readonly string[],
  defaults: Readonly<Record<string, Attribute>> = {},
  keyword = false,
): void {
  const entries: [string, Attribute][] = [];
  for (const [k, v] of op.propertiesView) if (!elided.includes(k) && defaults[k] !== v) entries.push([k, v]);
  for (const [k, v] of op.attributesView) if (!elided.includes(k)) entries.push([k, v]);
  if (keyword) p.printOptionalAttrDictWithKeyword(entries);
  else p.printOptionalAttrDict(entries);
}

/** `(type, ...)` */
export function parseParenTypes(p: OpAsmParser): Type[] {
  const out: Type[] = [];
  p.parseLParen();
  if (p.parseOptionalRParen()) return out;
  do out.push(p.parseType());
  while (p.parseOptionalComma());
  p.parseRParen();
  return out;
}


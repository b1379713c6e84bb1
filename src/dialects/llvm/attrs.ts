// The LLVM dialect's attributes: enum attributes (#llvm.linkage<...>,
// #llvm.cconv<...>, #llvm.tailcallkind<...>, #llvm.fastmath<...>), the
// constant markers #llvm.zero/#llvm.undef/#llvm.poison, and loop metadata
// (#llvm.loop_annotation<...>, #llvm.loop_unroll<...>) kept as their text.

import { Attribute, uniqueAttribute, type AttrTypePrinter } from '../../ir/attributes.js';
import { IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType } from '../../ir/builtin-types.js';
import type { OpAsmParser, OpAsmPrinter } from '../../ir/op-asm.js';
import { Tok } from '../../syntax/lexer.js';
import { tokenParser } from '../../syntax/parser.js';
import { attrConstraint, defineEnumAttr, EnumAttr, i64EnumAttr, stringifyEnum, type AttrConstraint, type EnumAttrDef } from '../../ods/index.js';

export const LINKAGES = [
  'private',
  'internal',
  'available_externally',
  'linkonce',
  'weak',
  'common',
  'appending',
  'extern_weak',
  'linkonce_odr',
  'weak_odr',
  'external',
] as const;

export const LinkageDef: EnumAttrDef = defineEnumAttr({
  dialect: 'llvm',
  mnemonic: 'linkage',
  attrName: 'LinkageAttr',
  cppEnum: '::mlir::LLVM::linkage::Linkage',
  summary: 'LLVM linkage types',
  cases: LINKAGES.map((name, value) => ({ name, value })),
  angled: true,
});

export const CCONVS = ['ccc', 'fastcc', 'coldcc', 'cc_10', 'cc_11', 'anyregcc', 'preserve_mostcc', 'preserve_allcc', 'swiftcc', 'cxx_fast_tlscc', 'tailcc', 'cfguard_checkcc', 'swifttailcc'] as const;
export const CConvDef: EnumAttrDef = defineEnumAttr({
  dialect: 'llvm',
  mnemonic: 'cconv',
  attrName: 'CConvAttr',
  cppEnum: '::mlir::LLVM::cconv::CConv',
  summary: 'LLVM Calling Convention specification',
  cases: CCONVS.map((name, value) => ({ name, value })),
  angled: true,
});

export const TAIL_CALL_KINDS = ['none', 'notail', 'tail', 'musttail'] as const;
export const TailCallKindDef: EnumAttrDef = defineEnumAttr({
  dialect: 'llvm',
  mnemonic: 'tailcallkind',
  attrName: 'TailCallKindAttr',
  cppEnum: '::mlir::LLVM::tailcallkind::TailCallKind',
  summary: 'Tail Call Kind',
  cases: TAIL_CALL_KINDS.map((name, value) => ({ name, value })),
  angled: true,
});

export const FastmathDef: EnumAttrDef = defineEnumAttr({
  dialect: 'llvm',
  mnemonic: 'fastmath',
  attrName: 'FastmathFlagsAttr',
  cppEnum: '::mlir::LLVM::FastmathFlags',
  summary: 'LLVM fastmath flags',
  cases: [
    { name: 'none', value: 0 },
    { name: 'nnan', value: 1 },
    { name: 'ninf', value: 2 },
    { name: 'nsz', value: 4 },
    { name: 'arcp', value: 8 },
    { name: 'contract', value: 16 },
    { name: 'afn', value: 32 },
    { name: 'reassoc', value: 64 },
  ],
  bitEnum: { separator: ', ', groups: [{ name: 'fast', value: 127 }] },
  angled: true,
});

/** A dialect enum's cases by name (`Linkage.case.internal`) and its attributes (`Linkage.attr(v)`). */
export interface DialectEnum<C extends string> {
  readonly def: EnumAttrDef;
  readonly case: { readonly [K in C]: number };
  /** The case names, in value order (the keywords of the custom syntax). */
  readonly names: readonly C[];
  attr(value: number): EnumAttr;
  /** The value of a case name, if it is one. */
  symbolize(name: string): number | undefined;
  stringify(value: number): string;
}

function dialectEnum<const C extends string>(def: EnumAttrDef, names: readonly C[]): DialectEnum<C> {
  const byName = new Map(def.cases.map((c) => [c.name, c.value]));
  return {
    def,
    case: Object.freeze(Object.fromEntries(def.cases.map((c) => [c.name, c.value]))) as { readonly [K in C]: number },
    names,
    attr: (value) => EnumAttr.get(def, value),
    symbolize: (name) => byName.get(name),
    stringify: (value) => stringifyEnum(def, value),
  };
}

export const Linkage = dialectEnum(LinkageDef, LINKAGES);
export const CConv = dialectEnum(CConvDef, CCONVS);
export const TailCallKind = dialectEnum(TailCallKindDef, TAIL_CALL_KINDS);
export const FastmathFlags = dialectEnum(FastmathDef, ['none', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc'] as const);

export const CCONV_C = CConv.attr(CConv.case.ccc);
export const TAIL_NONE = TailCallKind.attr(TailCallKind.case.none);
export const FASTMATH_NONE = FastmathFlags.attr(FastmathFlags.case.none);

// ---- integer enums (I64EnumAttr properties)

export const ICmpPredicate = i64EnumAttr(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'], 'llvm.icmp comparison predicate');
export const FCmpPredicate = i64EnumAttr(
  ['_false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', '_true'],
  'llvm.fcmp comparison predicate',
);
export const AtomicOrdering = i64EnumAttr(
  [
    ['not_atomic', 0],
    ['unordered', 1],
    ['monotonic', 2],
    ['acquire', 4],
    ['release', 5],
    ['acq_rel', 6],
    ['seq_cst', 7],
  ],
  "Atomic ordering for LLVM's memory model",
);
export const Comdat = i64EnumAttr(['any', 'exactmatch', 'largest', 'nodeduplicate', 'samesize'], 'LLVM Comdat Types');
export const UnnamedAddr = i64EnumAttr(['None', 'Local', 'Global'], 'LLVM GlobalValue UnnamedAddr');
export const Visibility = i64EnumAttr(['Default', 'Hidden', 'Protected'], 'LLVM GlobalValue Visibility');
/** The keywords of the custom syntax (none for the default cases). */
export const UNNAMED_ADDR_KEYWORDS = ['', 'local_unnamed_addr', 'unnamed_addr'] as const;
export const VISIBILITY_KEYWORDS = ['', 'hidden', 'protected'] as const;

// ---- bit-flag properties with their own syntax

/** IntegerOverflowFlags (an i32 property): `overflow<nsw, nuw>` in the custom form. */
export const IntegerOverflowFlags = { none: 0, nsw: 1, nuw: 2 } as const;

const i32Prop = (v: number): IntegerAttr => IntegerAttr.get(IntegerType.get(32), v);
/** Enum properties convert from any integer attribute; the op's verifier checks the bits (see verifyFlagsProperty). */
const isIntAttr = (a: Attribute): boolean => a instanceof IntegerAttr;

export const OVERFLOW_NONE = i32Prop(0);

export const IntegerOverflowFlagsProp: AttrConstraint<IntegerAttr, number> = attrConstraint<IntegerAttr, number>('LLVM integer overflow flags', isIntAttr, {
  decode: (a) => Number(a.value),
  encode: (v) => i32Prop(v),
  parseOptionalBare(p: OpAsmParser) {
    if (!p.parseOptionalKeyword('overflow')) return undefined;
    p.parseLess();
    let v = 0;
    do v |= parseFlagKeyword(p, IntegerOverflowFlags, 'LLVM integer overflow flags');
    while (p.parseOptionalComma());
    p.parseGreater();
    return i32Prop(v);
  },
  parseBare(p: OpAsmParser): Attribute {
    return IntegerOverflowFlagsProp.parseOptionalBare!(p, 'overflowFlags') ?? p.error("expected 'overflow'");
  },
  printBare(p: OpAsmPrinter, a: Attribute) {
    const v = a instanceof IntegerAttr ? Number(a.value) : 0;
    const parts: string[] = [];
    if (v & IntegerOverflowFlags.nsw) parts.push('nsw');
    if (v & IntegerOverflowFlags.nuw) parts.push('nuw');
    p.write(`overflow<${parts.join(', ')}>`);
  },
});

/** The bits each flags property may have set. */
export const INTEGER_OVERFLOW_FLAGS_MASK = IntegerOverflowFlags.nsw | IntegerOverflowFlags.nuw;

/** One case keyword of a bit enum, as MLIR's enum property parser reads it. */
function parseFlagKeyword(p: OpAsmParser, cases: Readonly<Record<string, number>>, enumName: string): number {
  const offset = p.currentOffset();
  const k = p.parseOptionalKeyword();
  const v = k === undefined ? undefined : cases[k];
  if (v === undefined) p.error(`expected one of [${Object.keys(cases).join(', ')}] for ${enumName}, got: ${k ?? ''}`, offset);
  return v!;
}

/** GEPNoWrapFlags (an i32 property): `inbounds|nuw` in the custom form; inbounds implies nusw. */
export const GEPNoWrapFlags = { none: 0, inboundsFlag: 1, nusw: 2, nuw: 4, inbounds: 3 } as const;
/** The case keywords, as MLIR spells them. */
const GEP_FLAG_CASES: Readonly<Record<string, number>> = { none: 0, inbounds_flag: 1, nusw: 2, nuw: 4, inbounds: 3 };
const GEP_FLAG_KEYWORDS: readonly (readonly [string, number])[] = [
  ['inbounds', GEPNoWrapFlags.inbounds],
  ['nusw', GEPNoWrapFlags.nusw],
  ['nuw', GEPNoWrapFlags.nuw],
];

export const GEP_NO_WRAP_NONE = i32Prop(0);
export const GEP_NO_WRAP_FLAGS_MASK = GEPNoWrapFlags.inboundsFlag | GEPNoWrapFlags.nusw | GEPNoWrapFlags.nuw;

export const GEPNoWrapFlagsProp: AttrConstraint<IntegerAttr, number> = attrConstraint<IntegerAttr, number>('::mlir::LLVM::GEPNoWrapFlags', isIntAttr, {
  decode: (a) => Number(a.value),
  encode: (v) => i32Prop(v),
  parseOptionalBare(p: OpAsmParser) {
    // The flags are there when a keyword is (the base pointer is an SSA value).
    if (!tokenParser(p).is(Tok.bare_identifier) && !tokenParser(p).is(Tok.keyword)) return undefined;
    let flags = 0;
    do flags |= parseFlagKeyword(p, GEP_FLAG_CASES, '::mlir::LLVM::GEPNoWrapFlags');
    while (p.parseOptionalVerticalBar());
    return i32Prop(flags);
  },
  parseBare(p: OpAsmParser): Attribute {
    return GEPNoWrapFlagsProp.parseOptionalBare!(p, 'noWrapFlags') ?? i32Prop(0);
  },
  printBare(p: OpAsmPrinter, a: Attribute) {
    let rest = a instanceof IntegerAttr ? Number(a.value) : 0;
    const parts: string[] = [];
    for (const [w, v] of GEP_FLAG_KEYWORDS)
      if ((rest & v) === v) {
        parts.push(w);
        rest &= ~v;
      }
    p.write(parts.join('|'));
  },
});

/** `#llvm.zero`, `#llvm.undef`, `#llvm.poison`: constant markers (e.g. global_ctors data). */
export class LLVMMarkerAttr extends Attribute {
  private constructor(readonly kind: 'zero' | 'undef' | 'poison') {
    super();
  }
  static get(kind: 'zero' | 'undef' | 'poison'): LLVMMarkerAttr {
    return uniqueAttribute(new LLVMMarkerAttr(kind));
  }
  override get dialect(): string {
    return 'llvm';
  }
  print(p: AttrTypePrinter): void {
    p.write('#llvm.' + this.kind);
  }
}

/**
 * An LLVM attribute the dialect keeps structurally as text with its nested
 * attributes (loop metadata): `#llvm.loop_annotation<disableNonforced = true, unroll = #loop_unroll>`.
 * `params` are (name, value) pairs; values are attributes (printed with aliases).
 */
export class LLVMParamsAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly params: readonly (readonly [string, Attribute])[],
  ) {
    super();
  }
  static get(mnemonic: string, params: readonly (readonly [string, Attribute])[]): LLVMParamsAttr {
    return uniqueAttribute(new LLVMParamsAttr(mnemonic, Object.freeze(params.map((x) => Object.freeze([x[0], x[1]] as const)))));
  }
  override get dialect(): string {
    return 'llvm';
  }
  print(p: AttrTypePrinter): void {
    p.write(`#llvm.${this.mnemonic}`);
    this.printBody(p);
  }
  /**
   * `<key = value, ...>`. A parameter of a loop metadata kind is printed as
   * MLIR's printStrippedAttrOrType does: its alias if it has one, else its
   * body without the `#llvm.<mnemonic>` prefix (`unroll = <disable = true>`).
   */
  private printBody(p: AttrTypePrinter): void {
    p.write('<');
    this.params.forEach(([k, v], i) => {
      if (i) p.write(', ');
      p.write(k + ' = ');
      if (v instanceof LLVMParamsAttr && v.mnemonic === loopParamKind(k)) {
        if (!p.tryPrintAlias?.(v)) v.printBody(p);
      } else p.printAttribute(v);
    });
    p.write('>');
  }
  override walkImmediateSubElements(visit: (e: Attribute) => void): void {
    for (const [, v] of this.params) visit(v);
  }
}

/** The attribute kind of loop metadata parameters written without their mnemonic (`unroll = <disable = true>`). */
const LOOP_PARAM_KIND: Record<string, string> = {
  vectorize: 'loop_vectorize',
  interleave: 'loop_interleave',
  unroll: 'loop_unroll',
  unrollAndJam: 'loop_unroll_and_jam',
  licm: 'loop_licm',
  distribute: 'loop_distribute',
  pipeline: 'loop_pipeline',
  peeled: 'loop_peeled',
  unswitch: 'loop_unswitch',
};

/** The loop metadata kind of parameter `key` (followups are loop annotations), if it has one. */
export function loopParamKind(key: string): string | undefined {
  return LOOP_PARAM_KIND[key] ?? (key.startsWith('followup') ? 'loop_annotation' : undefined);
}

/** Parameter order of the loop metadata attributes, as MLIR prints them. */
export const LOOP_ATTR_PARAMS: Record<string, readonly string[]> = {
  loop_annotation: [
    'disableNonforced',
    'vectorize',
    'interleave',
    'unroll',
    'unrollAndJam',
    'licm',
    'distribute',
    'pipeline',
    'peeled',
    'unswitch',
    'mustProgress',
    'isVectorized',
    'startLoc',
    'endLoc',
    'parallelAccesses',
  ],
  loop_unroll: ['disable', 'count', 'runtimeDisable', 'full', 'followupUnrolled', 'followupRemainder', 'followupAll'],
  loop_vectorize: ['disable', 'predicateEnable', 'scalableEnable', 'width', 'followupVectorized', 'followupEpilogue', 'followupAll'],
  loop_interleave: ['count'],
  loop_unroll_and_jam: ['disable', 'count', 'followupOuter', 'followupInner', 'followupRemainder', 'followupAll'],
  loop_licm: ['disable', 'versioningDisable'],
  loop_distribute: ['disable', 'followupCoincident', 'followupSequential', 'followupFallback', 'followupAll'],
  loop_pipeline: ['disable', 'initiationinterval'],
  loop_peeled: ['count'],
  loop_unswitch: ['partialDisable'],
};

/** The parameters of `#llvm.memory_effects`, in the order MLIR prints them. */
export const MEMORY_EFFECTS_LOCATIONS = ['other', 'argMem', 'inaccessibleMem', 'errnoMem', 'targetMem0', 'targetMem1'] as const;
export type ModRefInfo = 'none' | 'read' | 'write' | 'readwrite';
const MOD_REF_INFO: readonly ModRefInfo[] = ['none', 'read', 'write', 'readwrite'];

/** `#llvm.memory_effects<other = none, argMem = read, ...>`: what a function may do to each kind of memory. */
export class LLVMMemoryEffectsAttr extends Attribute {
  private constructor(readonly effects: readonly ModRefInfo[]) {
    super();
  }
  static get(effects: readonly ModRefInfo[]): LLVMMemoryEffectsAttr {
    return uniqueAttribute(new LLVMMemoryEffectsAttr(Object.freeze([...effects])));
  }
  override get dialect(): string {
    return 'llvm';
  }
  print(p: AttrTypePrinter): void {
    p.write(`#llvm.memory_effects<${MEMORY_EFFECTS_LOCATIONS.map((k, i) => `${k} = ${this.effects[i]}`).join(', ')}>`);
  }
}

/** The body `<key = value, ...>` of `#llvm.memory_effects` (a struct: every parameter once, any order). */
export function parseMemoryEffectsBody(parser: ReturnType<typeof tokenParser>): LLVMMemoryEffectsAttr {
  const effects: ModRefInfo[] = [];
  parser.expect(Tok.less, "expected '<'");
  for (let n = 0; n < MEMORY_EFFECTS_LOCATIONS.length; n++) {
    if (n) parser.expect(Tok.comma, "expected ','");
    const key = parser.text;
    const k = MEMORY_EFFECTS_LOCATIONS.indexOf(key as (typeof MEMORY_EFFECTS_LOCATIONS)[number]);
    parser.consume();
    parser.expect(Tok.equal, "expected '='");
    const valueAt = parser.tokStart;
    // MLIR reports a bad name where the value starts.
    if (k < 0 || effects[k] !== undefined) parser.error(`duplicate or unknown struct parameter name: ${key}`, valueAt);
    const v = MOD_REF_INFO.find((m) => m === parser.text);
    if (!v) parser.error(`expected one of [none, read, write, readwrite] for LLVM ModRefInfo, got: ${parser.text}`, valueAt);
    parser.consume();
    effects[k] = v!;
  }
  parser.expect(Tok.greater, "expected '>'");
  return LLVMMemoryEffectsAttr.get(effects);
}

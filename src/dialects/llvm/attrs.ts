// The LLVM dialect's attributes: enum attributes (#llvm.linkage<...>,
// #llvm.cconv<...>, #llvm.tailcallkind<...>, #llvm.fastmath<...>), the
// constant markers #llvm.zero/#llvm.undef/#llvm.poison, and loop metadata
// (#llvm.loop_annotation<...>, #llvm.loop_unroll<...>) kept as their text.

import { Attribute, uniqueAttribute, type AttrTypePrinter } from '../../ir/attributes.js';
import { defineEnumAttr, EnumAttr, type EnumAttrDef } from '../../ods/index.js';

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
export type Linkage = (typeof LINKAGES)[number];

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

export function linkageAttr(l: Linkage): EnumAttr {
  return EnumAttr.get(LinkageDef, LINKAGES.indexOf(l));
}
export function linkageOf(a: Attribute | undefined): Linkage {
  return a instanceof EnumAttr && a.def === LinkageDef ? LINKAGES[a.value] : 'external';
}
export const CCONV_C = EnumAttr.get(CConvDef, 0);
export const TAIL_NONE = EnumAttr.get(TailCallKindDef, 0);
export const FASTMATH_NONE = EnumAttr.get(FastmathDef, 0);

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
    p.write(`#llvm.${this.mnemonic}<`);
    this.params.forEach(([k, v], i) => {
      if (i) p.write(', ');
      p.write(k + ' = ');
      p.printAttribute(v);
    });
    p.write('>');
  }
  override walkImmediateSubElements(visit: (e: Attribute) => void): void {
    for (const [, v] of this.params) visit(v);
  }
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

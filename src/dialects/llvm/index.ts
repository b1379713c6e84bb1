// The llvm dialect: the types, attributes and operations that MLIR's
// conversions to LLVM produce (see ops.ts), parsed and printed as mlir-opt 22
// does. Programs in this dialect run on the LLVM engine (src/exec/llvm/).

import type { Attribute } from '../../ir/attributes.js';
import type { Dialect } from '../../ir/context.js';
import { defineDialect, parseEnumAttrBody, type EnumAttrDef } from '../../ods/index.js';
import { Tok } from '../../syntax/lexer.js';
import type { Parser } from '../../syntax/parser.js';
import { CConvDef, FastmathDef, LinkageDef, LLVMMarkerAttr, LLVMParamsAttr, LOOP_ATTR_PARAMS, TailCallKindDef, loopParamKind, parseMemoryEffectsBody } from './attrs.js';
import { LLVM_OPS, llvmMaterializeConstant } from './ops.js';
import { parseLLVMTypeBody } from './types.js';
import { tokenParser } from '../../syntax/parser.js';

const ENUM_ATTRS: Record<string, EnumAttrDef> = {
  linkage: LinkageDef,
  cconv: CConvDef,
  tailcallkind: TailCallKindDef,
  fastmath: FastmathDef,
};

/** `<key = value, ...>` of a loop metadata attribute (the mnemonic is consumed). */
function parseLoopAttrBody(parser: Parser, mnemonic: string): LLVMParamsAttr {
  const order = LOOP_ATTR_PARAMS[mnemonic];
  const params: [string, Attribute][] = [];
  parser.expect(Tok.less, "expected '<'");
  if (!parser.consumeIf(Tok.greater)) {
    do {
      const offset = parser.tokStart;
      const key = parser.text;
      if (!order.includes(key)) parser.error(`unknown parameter '${key}'`, offset);
      parser.consume();
      parser.expect(Tok.equal, "expected '='");
      const kind = loopParamKind(key);
      params.push([key, kind && parser.is(Tok.less) ? parseLoopAttrBody(parser, kind) : parser.parseAttribute()]);
    } while (parser.consumeIf(Tok.comma));
    parser.expect(Tok.greater, "expected '>'");
  }
  params.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return LLVMParamsAttr.get(mnemonic, params);
}

export const llvmDialect: Dialect = defineDialect({
  name: 'llvm',
  ops: LLVM_OPS,
  allowUnknownOperations: true,
  materializeConstant: llvmMaterializeConstant,
  parseType(d) {
    return parseLLVMTypeBody(tokenParser(d));
  },
  parseAttribute(d): Attribute {
    const parser = tokenParser(d);
    const m = d.mnemonic;
    const def = ENUM_ATTRS[m];
    if (def) {
      parser.consume();
      return parseEnumAttrBody(parser, def);
    }
    if (m === 'zero' || m === 'undef' || m === 'poison') {
      parser.consume();
      return LLVMMarkerAttr.get(m);
    }
    if (m === 'memory_effects') {
      parser.consume();
      return parseMemoryEffectsBody(parser);
    }
    if (LOOP_ATTR_PARAMS[m]) {
      parser.consume();
      return parseLoopAttrBody(parser, m);
    }
    return parser.error(`unknown attribute \`${m}\` in dialect \`llvm\``);
  },
  getAlias(element) {
    if (element instanceof LLVMParamsAttr && (element.mnemonic === 'loop_annotation' || element.mnemonic.startsWith('loop_'))) return element.mnemonic;
    return undefined;
  },
});

export * from './types.js';
export * from './attrs.js';
export * from './ops.js';
export { isCompatibleType, GEP_DYNAMIC_INDEX } from './syntax.js';

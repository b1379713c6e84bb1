// The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

import { Traits, fail } from '../../ir/context.js';
import { verifySymbolTable } from '../../ir/symbol-table.js';
import {
  AnyType,
  StrAttrC,
  SymbolNameAttrC,
  allAttrs,
  defineDialect,
  defineOp,
  implementOp,
  optionalAttr,
  sizedRegion,
  variadicOperand,
  variadicResult,
} from '../../ods/index.js';
import { builtinGetAlias } from '../../syntax/alias-state.js';

/** `builtin.module`: the top-level container of a program. */
export const ModuleOp = defineOp({
  name: 'builtin.module',
  summary: 'A top level container operation',
  traits: [Traits.IsolatedFromAbove, Traits.NoTerminator, Traits.SingleBlock, Traits.SymbolTable, Traits.GraphRegions, Traits.AffineScope],
  attributes: [optionalAttr('sym_name', SymbolNameAttrC), optionalAttr('sym_visibility', StrAttrC)],
  regions: [sizedRegion('bodyRegion', 1)],
  assemblyFormat: '($sym_name^)? attr-dict-with-keyword $bodyRegion',
  defaultDialect: 'builtin',
}).withAccessors({
  body: (op) => op.regions[0].entry,
});

implementOp(ModuleOp, {
  verify(op, ctx) {
    for (const [name] of allAttrs(op))
      if (!name.includes('.') && name !== 'sym_name' && name !== 'sym_visibility')
        return fail(ctx, op, `can only contain attributes with dialect-prefixed names, found: '${name}'`);
    if (ModuleOp.body(op).args.length) return fail(ctx, op, 'region should have no arguments');
    return true;
  },
  verifyRegions: (op, ctx) => verifySymbolTable(ctx, op),
});

/** `builtin.unrealized_conversion_cast`: a cast left by a partial conversion. */
export const UnrealizedConversionCastOp = defineOp({
  name: 'builtin.unrealized_conversion_cast',
  summary: 'An unrealized conversion from one set of types to another',
  traits: [Traits.Pure],
  operands: [variadicOperand('inputs', AnyType)],
  results: [variadicResult('outputs', AnyType)],
  assemblyFormat: '($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict',
});

export const builtinDialect = defineDialect({
  name: 'builtin',
  ops: [ModuleOp, UnrealizedConversionCastOp],
  getAlias: builtinGetAlias,
  // Casts inline; a module never moves into a function.
  isLegalToInline: (op) => !ModuleOp.isa(op),
});

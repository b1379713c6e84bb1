// The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

import { StringAttr } from '../../ir/builtin-attributes.js';
import { Traits, type Dialect } from '../../ir/context.js';
import { fail } from '../../ir/context.js';
import { defineRawOp } from '../../ods/index.js';
import { Block, Region, type Operation } from '../../ir/operation.js';
import { builtinGetAlias } from '../../syntax/alias-state.js';
import { verifySymbolTable } from '../../ir/symbol-table.js';

const ModuleOp = defineRawOp({
  name: 'builtin.module',
  traits: [
    Traits.IsolatedFromAbove,
    Traits.NoTerminator,
    Traits.SingleBlock,
    Traits.SymbolTable,
    Traits.GraphRegions,
    Traits.AffineScope,
  ],
  attributes: ['sym_name', 'sym_visibility'],
  defaultDialect: 'builtin',
  parse(p, state) {
    const name = p.parseOptionalSymbolName();
    if (name !== undefined) state.properties.set('sym_name', StringAttr.get(name));
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const region = state.addRegion(new Region());
    p.parseRegion(region, []);
    if (region.empty) region.pushBlock(new Block());
  },
  print(p, op) {
    const name = op.propertiesView.get('sym_name');
    if (name instanceof StringAttr) {
      p.write(' ');
      p.printSymbolName(name.value);
    }
    p.printOptionalAttrDictWithKeyword(allAttributes(op), ['sym_name']);
    p.write(' ');
    p.printRegion(op.regions[0]);
  },
  verify(op, ctx) {
    const region = op.regions[0];
    if (op.regions.length !== 1 || region.blocks.length !== 1)
      return fail(ctx, op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks");
    const symName = op.propertiesView.get('sym_name');
    if (symName !== undefined && !(symName instanceof StringAttr))
      return fail(ctx, op, "attribute 'sym_name' failed to satisfy constraint: string attribute");
    for (const [name] of allAttributes(op)) {
      if (!name.includes('.') && name !== 'sym_name' && name !== 'sym_visibility')
        return fail(ctx, op, `can only contain attributes with dialect-prefixed names, found: '${name}'`);
    }
    if (region.entry.args.length) return fail(ctx, op, 'region should have no arguments');
    return true;
  },
  verifyRegions(op, ctx) {
    return verifySymbolTable(ctx, op);
  },
});

export const UnrealizedConversionCastOp = defineRawOp({
  name: 'builtin.unrealized_conversion_cast',
  parse(p, state) {
    const operands = p.parseOperandList();
    let types: import('../../ir/attributes.js').Type[] = [];
    if (operands.length) types = p.parseColonTypeList();
    const offset = p.currentOffset();
    p.parseKeyword('to');
    state.types = p.parseTypeList();
    p.parseOptionalAttrDict(state.attributes);
    state.operands = p.resolveOperands(operands, types, offset);
  },
  print(p, op) {
    if (op.numOperands) {
      p.write(' ');
      p.printOperands(op.operands);
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
    }
    p.write(' to ');
    p.printTypes(op.resultTypes);
    p.printOptionalAttrDict(op.attributesView);
  },
});

/** Inherent and discardable attributes together, as MLIR's `getAttrs()` returns them. */
export function allAttributes(op: Operation): [string, import('../../ir/attributes.js').Attribute][] {
  return [...op.propertiesView.entries(), ...op.attributesView.entries()];
}

export const builtinDialect: Dialect = {
  name: 'builtin',
  ops: [ModuleOp, UnrealizedConversionCastOp],
  getAlias: builtinGetAlias,
};

// The arith dialect. This file holds `arith.constant`; the rest of the
// dialect's ops arrive with the dialects milestone.

import { Attribute } from '../../ir/attributes.js';
import { ElementsAttr, FloatAttr, IntegerAttr } from '../../ir/builtin-attributes.js';
import { IntegerType, VectorType } from '../../ir/builtin-types.js';
import { Traits, type Dialect } from '../../ir/context.js';
import { defineOp, fail } from '../../ir/op-definition.js';

/** The value of a constant, interpreted as signed for naming (`%c-1_i8`). */
function signedValue(a: IntegerAttr): bigint {
  const t = a.type;
  if (t instanceof IntegerType) return t.width === 0 ? 0n : BigInt.asIntN(t.width, a.value);
  return BigInt.asIntN(64, a.value);
}

const ConstantOp = defineOp({
  name: 'arith.constant',
  traits: [Traits.ConstantLike, Traits.Pure],
  attributes: ['value'],
  parse(p, state) {
    p.parseOptionalAttrDict(state.attributes);
    const value = p.parseAttribute();
    state.attributes.set('value', value);
    const type = value.type;
    if (!type) return p.error('expected a typed attribute');
    state.types = [type];
  },
  print(p, op) {
    p.printOptionalAttrDict(op.attributes);
    p.write(' ');
    p.printAttribute(op.properties.get('value')!);
  },
  getAsmResultNames(op, setName) {
    const value = op.properties.get('value');
    const type = op.result(0).type;
    if (value instanceof IntegerAttr) {
      if (type instanceof IntegerType && type.width === 1) {
        setName(op.result(0), value.value !== 0n ? 'true' : 'false');
        return;
      }
      let name = 'c' + signedValue(value).toString();
      if (type instanceof IntegerType) name += '_' + type.key;
      setName(op.result(0), name);
    } else {
      setName(op.result(0), 'cst');
    }
  },
  verify(op, ctx) {
    const value = op.properties.get('value');
    if (!value) return fail(ctx, op, "requires attribute 'value'");
    const type = op.result(0).type;
    if (value.type !== type) return fail(ctx, op, 'failed to verify that all of {value, result} have same type');
    if (type instanceof IntegerType && type.signedness !== 'signless') return fail(ctx, op, 'integer return type must be signless');
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof ElementsAttr))
      return fail(ctx, op, 'value must be an integer, float, or elements attribute');
    if (type instanceof VectorType && type.scalableDims?.some((s: boolean) => s) && !isSplat(value))
      return fail(ctx, op, "intializing scalable vectors with elements attribute is not supported unless it's a vector splat");
    return true;
  },
});

function isSplat(a: Attribute): boolean {
  return (a as { isSplat?: boolean }).isSplat === true;
}

export const arithDialect: Dialect = {
  name: 'arith',
  ops: [ConstantOp],
};

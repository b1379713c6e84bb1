// The local alias analysis (src/transforms/alias-analysis.ts) against MLIR
// 22's: the values of ops tagged `test.ptr` are compared pairwise and
// printed as mlir-opt's --test-alias-analysis prints them (its output on the
// same input is written literally below).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/api/text.js';
import { BlockArgument, type Value } from '../../src/ir/operation.js';
import { StringAttr } from '../../src/ir/builtin-attributes.js';
import { alias, type AliasResult } from '../../src/transforms/alias-analysis.js';

const INPUT = `func.func @views(%arg: memref<8xf32>, %arg2: memref<8xf32>, %c: i1, %n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {test.ptr = "a"} : memref<8xf32>
  %b = memref.alloca() {test.ptr = "b"} : memref<8xf32>
  %i8 = memref.alloc() {test.ptr = "i8"} : memref<32xi8>
  %cast = memref.cast %a {test.ptr = "cast"} : memref<8xf32> to memref<?xf32>
  %sub = memref.subview %a[1] [4] [1] {test.ptr = "sub"} : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
  %view = memref.view %i8[%c0][] {test.ptr = "view"} : memref<32xi8> to memref<8xf32>
  %tr = memref.transpose %arg (i) -> (i) {test.ptr = "tr"} : memref<8xf32> to memref<8xf32, strided<[1]>>
  %poison = ub.poison {test.ptr = "poison"} : memref<8xf32>
  %if = scf.if %c -> memref<8xf32> {
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %b : memref<8xf32>
  } {test.ptr = "if"}
  %for = scf.for %i = %c0 to %n step %c1 iter_args(%it = %arg) -> memref<8xf32> {
    scf.yield %it : memref<8xf32>
  } {test.ptr = "for"}
  %w = scf.while (%x = %a) : (memref<8xf32>) -> memref<8xf32> {
    scf.condition(%c) %x : memref<8xf32>
  } do {
  ^bb0(%y: memref<8xf32>):
    scf.yield %y : memref<8xf32>
  } attributes {test.ptr = "while"}
  %d:2 = "memref.distinct_objects"(%a, %arg) {test.ptr = "distinct"} : (memref<8xf32>, memref<8xf32>) -> (memref<8xf32>, memref<8xf32>)
  scf.parallel (%p) = (%c0) to (%n) step (%c1) {
    %inner = memref.alloca() {test.ptr = "inner"} : memref<8xf32>
    %innerh = memref.alloc() {test.ptr = "innerh"} : memref<8xf32>
    scf.reduce
  }
  cf.br ^bb1(%a : memref<8xf32>)
^bb1(%phi: memref<8xf32>):
  "test.op"() ({
  ^bb0(%q: memref<8xf32>):
    "test.yield"() : () -> ()
  }) {test.ptr = "blk"} : () -> ()
  return
}
`;

const MLIR_OUTPUT = `Testing : <<NULL ATTRIBUTE>>
a#0 <-> b#0: NoAlias
a#0 <-> i8#0: NoAlias
b#0 <-> i8#0: NoAlias
a#0 <-> cast#0: MustAlias
b#0 <-> cast#0: NoAlias
i8#0 <-> cast#0: NoAlias
a#0 <-> sub#0: MustAlias
b#0 <-> sub#0: NoAlias
i8#0 <-> sub#0: NoAlias
cast#0 <-> sub#0: MustAlias
a#0 <-> view#0: NoAlias
b#0 <-> view#0: NoAlias
i8#0 <-> view#0: MustAlias
cast#0 <-> view#0: NoAlias
sub#0 <-> view#0: NoAlias
a#0 <-> tr#0: MayAlias
b#0 <-> tr#0: MayAlias
i8#0 <-> tr#0: MayAlias
cast#0 <-> tr#0: MayAlias
sub#0 <-> tr#0: MayAlias
view#0 <-> tr#0: MayAlias
a#0 <-> poison#0: NoAlias
b#0 <-> poison#0: NoAlias
i8#0 <-> poison#0: NoAlias
cast#0 <-> poison#0: NoAlias
sub#0 <-> poison#0: NoAlias
view#0 <-> poison#0: NoAlias
tr#0 <-> poison#0: MayAlias
a#0 <-> if#0: MayAlias
b#0 <-> if#0: MayAlias
i8#0 <-> if#0: NoAlias
cast#0 <-> if#0: MayAlias
sub#0 <-> if#0: MayAlias
view#0 <-> if#0: NoAlias
tr#0 <-> if#0: MayAlias
poison#0 <-> if#0: NoAlias
a#0 <-> for#0: NoAlias
b#0 <-> for#0: NoAlias
i8#0 <-> for#0: NoAlias
cast#0 <-> for#0: NoAlias
sub#0 <-> for#0: NoAlias
view#0 <-> for#0: NoAlias
tr#0 <-> for#0: MayAlias
poison#0 <-> for#0: MayAlias
if#0 <-> for#0: NoAlias
a#0 <-> for.region0#0: MayAlias
b#0 <-> for.region0#0: MayAlias
i8#0 <-> for.region0#0: MayAlias
cast#0 <-> for.region0#0: MayAlias
sub#0 <-> for.region0#0: MayAlias
view#0 <-> for.region0#0: MayAlias
tr#0 <-> for.region0#0: MayAlias
poison#0 <-> for.region0#0: MayAlias
if#0 <-> for.region0#0: MayAlias
for#0 <-> for.region0#0: MayAlias
a#0 <-> for.region0#1: NoAlias
b#0 <-> for.region0#1: NoAlias
i8#0 <-> for.region0#1: NoAlias
cast#0 <-> for.region0#1: NoAlias
sub#0 <-> for.region0#1: NoAlias
view#0 <-> for.region0#1: NoAlias
tr#0 <-> for.region0#1: MayAlias
poison#0 <-> for.region0#1: MayAlias
if#0 <-> for.region0#1: NoAlias
for#0 <-> for.region0#1: MustAlias
for.region0#0 <-> for.region0#1: MayAlias
a#0 <-> while#0: MayAlias
b#0 <-> while#0: MayAlias
i8#0 <-> while#0: MayAlias
cast#0 <-> while#0: MayAlias
sub#0 <-> while#0: MayAlias
view#0 <-> while#0: MayAlias
tr#0 <-> while#0: MayAlias
poison#0 <-> while#0: MayAlias
if#0 <-> while#0: MayAlias
for#0 <-> while#0: MayAlias
for.region0#0 <-> while#0: MayAlias
for.region0#1 <-> while#0: MayAlias
a#0 <-> while.region0#0: MayAlias
b#0 <-> while.region0#0: MayAlias
i8#0 <-> while.region0#0: MayAlias
cast#0 <-> while.region0#0: MayAlias
sub#0 <-> while.region0#0: MayAlias
view#0 <-> while.region0#0: MayAlias
tr#0 <-> while.region0#0: MayAlias
poison#0 <-> while.region0#0: MayAlias
if#0 <-> while.region0#0: MayAlias
for#0 <-> while.region0#0: MayAlias
for.region0#0 <-> while.region0#0: MayAlias
for.region0#1 <-> while.region0#0: MayAlias
while#0 <-> while.region0#0: MayAlias
a#0 <-> while.region1#0: MayAlias
b#0 <-> while.region1#0: MayAlias
i8#0 <-> while.region1#0: MayAlias
cast#0 <-> while.region1#0: MayAlias
sub#0 <-> while.region1#0: MayAlias
view#0 <-> while.region1#0: MayAlias
tr#0 <-> while.region1#0: MayAlias
poison#0 <-> while.region1#0: MayAlias
if#0 <-> while.region1#0: MayAlias
for#0 <-> while.region1#0: MayAlias
for.region0#0 <-> while.region1#0: MayAlias
for.region0#1 <-> while.region1#0: MayAlias
while#0 <-> while.region1#0: MayAlias
while.region0#0 <-> while.region1#0: MayAlias
a#0 <-> distinct#0: MustAlias
b#0 <-> distinct#0: MayAlias
i8#0 <-> distinct#0: MayAlias
cast#0 <-> distinct#0: MustAlias
sub#0 <-> distinct#0: MustAlias
view#0 <-> distinct#0: MayAlias
tr#0 <-> distinct#0: MayAlias
poison#0 <-> distinct#0: MayAlias
if#0 <-> distinct#0: MayAlias
for#0 <-> distinct#0: MayAlias
for.region0#0 <-> distinct#0: MayAlias
for.region0#1 <-> distinct#0: MayAlias
while#0 <-> distinct#0: MayAlias
while.region0#0 <-> distinct#0: MayAlias
while.region1#0 <-> distinct#0: MayAlias
a#0 <-> distinct#1: MayAlias
b#0 <-> distinct#1: MayAlias
i8#0 <-> distinct#1: MayAlias
cast#0 <-> distinct#1: MayAlias
sub#0 <-> distinct#1: MayAlias
view#0 <-> distinct#1: MayAlias
tr#0 <-> distinct#1: MayAlias
poison#0 <-> distinct#1: MayAlias
if#0 <-> distinct#1: MayAlias
for#0 <-> distinct#1: MustAlias
for.region0#0 <-> distinct#1: MayAlias
for.region0#1 <-> distinct#1: MustAlias
while#0 <-> distinct#1: MayAlias
while.region0#0 <-> distinct#1: MayAlias
while.region1#0 <-> distinct#1: MayAlias
distinct#0 <-> distinct#1: NoAlias
a#0 <-> inner#0: NoAlias
b#0 <-> inner#0: NoAlias
i8#0 <-> inner#0: NoAlias
cast#0 <-> inner#0: NoAlias
sub#0 <-> inner#0: NoAlias
view#0 <-> inner#0: NoAlias
tr#0 <-> inner#0: NoAlias
poison#0 <-> inner#0: NoAlias
if#0 <-> inner#0: NoAlias
for#0 <-> inner#0: NoAlias
for.region0#0 <-> inner#0: MayAlias
for.region0#1 <-> inner#0: NoAlias
while#0 <-> inner#0: MayAlias
while.region0#0 <-> inner#0: MayAlias
while.region1#0 <-> inner#0: MayAlias
distinct#0 <-> inner#0: NoAlias
distinct#1 <-> inner#0: NoAlias
a#0 <-> innerh#0: NoAlias
b#0 <-> innerh#0: NoAlias
i8#0 <-> innerh#0: NoAlias
cast#0 <-> innerh#0: NoAlias
sub#0 <-> innerh#0: NoAlias
view#0 <-> innerh#0: NoAlias
tr#0 <-> innerh#0: MayAlias
poison#0 <-> innerh#0: NoAlias
if#0 <-> innerh#0: NoAlias
for#0 <-> innerh#0: NoAlias
for.region0#0 <-> innerh#0: MayAlias
for.region0#1 <-> innerh#0: NoAlias
while#0 <-> innerh#0: MayAlias
while.region0#0 <-> innerh#0: MayAlias
while.region1#0 <-> innerh#0: MayAlias
distinct#0 <-> innerh#0: MayAlias
distinct#1 <-> innerh#0: MayAlias
inner#0 <-> innerh#0: NoAlias
a#0 <-> blk.region0#0: MayAlias
b#0 <-> blk.region0#0: MayAlias
i8#0 <-> blk.region0#0: MayAlias
cast#0 <-> blk.region0#0: MayAlias
sub#0 <-> blk.region0#0: MayAlias
view#0 <-> blk.region0#0: MayAlias
tr#0 <-> blk.region0#0: MayAlias
poison#0 <-> blk.region0#0: MayAlias
if#0 <-> blk.region0#0: MayAlias
for#0 <-> blk.region0#0: MayAlias
for.region0#0 <-> blk.region0#0: MayAlias
for.region0#1 <-> blk.region0#0: MayAlias
while#0 <-> blk.region0#0: MayAlias
while.region0#0 <-> blk.region0#0: MayAlias
while.region1#0 <-> blk.region0#0: MayAlias
distinct#0 <-> blk.region0#0: MayAlias
distinct#1 <-> blk.region0#0: MayAlias
inner#0 <-> blk.region0#0: MayAlias
innerh#0 <-> blk.region0#0: MayAlias
a#0 <-> func.region0#0: NoAlias
b#0 <-> func.region0#0: NoAlias
i8#0 <-> func.region0#0: NoAlias
cast#0 <-> func.region0#0: NoAlias
sub#0 <-> func.region0#0: NoAlias
view#0 <-> func.region0#0: NoAlias
tr#0 <-> func.region0#0: MayAlias
poison#0 <-> func.region0#0: MayAlias
if#0 <-> func.region0#0: NoAlias
for#0 <-> func.region0#0: MustAlias
for.region0#0 <-> func.region0#0: MayAlias
for.region0#1 <-> func.region0#0: MustAlias
while#0 <-> func.region0#0: MayAlias
while.region0#0 <-> func.region0#0: MayAlias
while.region1#0 <-> func.region0#0: MayAlias
distinct#0 <-> func.region0#0: MayAlias
distinct#1 <-> func.region0#0: MustAlias
inner#0 <-> func.region0#0: NoAlias
innerh#0 <-> func.region0#0: NoAlias
blk.region0#0 <-> func.region0#0: MayAlias
a#0 <-> func.region0#1: NoAlias
b#0 <-> func.region0#1: NoAlias
i8#0 <-> func.region0#1: NoAlias
cast#0 <-> func.region0#1: NoAlias
sub#0 <-> func.region0#1: NoAlias
view#0 <-> func.region0#1: NoAlias
tr#0 <-> func.region0#1: MayAlias
poison#0 <-> func.region0#1: MayAlias
if#0 <-> func.region0#1: NoAlias
for#0 <-> func.region0#1: MayAlias
for.region0#0 <-> func.region0#1: MayAlias
for.region0#1 <-> func.region0#1: MayAlias
while#0 <-> func.region0#1: MayAlias
while.region0#0 <-> func.region0#1: MayAlias
while.region1#0 <-> func.region0#1: MayAlias
distinct#0 <-> func.region0#1: MayAlias
distinct#1 <-> func.region0#1: MayAlias
inner#0 <-> func.region0#1: NoAlias
innerh#0 <-> func.region0#1: NoAlias
blk.region0#0 <-> func.region0#1: MayAlias
func.region0#0 <-> func.region0#1: MayAlias
a#0 <-> func.region0#2: NoAlias
b#0 <-> func.region0#2: NoAlias
i8#0 <-> func.region0#2: NoAlias
cast#0 <-> func.region0#2: NoAlias
sub#0 <-> func.region0#2: NoAlias
view#0 <-> func.region0#2: NoAlias
tr#0 <-> func.region0#2: MayAlias
poison#0 <-> func.region0#2: MayAlias
if#0 <-> func.region0#2: NoAlias
for#0 <-> func.region0#2: MayAlias
for.region0#0 <-> func.region0#2: MayAlias
for.region0#1 <-> func.region0#2: MayAlias
while#0 <-> func.region0#2: MayAlias
while.region0#0 <-> func.region0#2: MayAlias
while.region1#0 <-> func.region0#2: MayAlias
distinct#0 <-> func.region0#2: MayAlias
distinct#1 <-> func.region0#2: MayAlias
inner#0 <-> func.region0#2: NoAlias
innerh#0 <-> func.region0#2: NoAlias
blk.region0#0 <-> func.region0#2: MayAlias
func.region0#0 <-> func.region0#2: MayAlias
func.region0#1 <-> func.region0#2: MayAlias
a#0 <-> func.region0#3: NoAlias
b#0 <-> func.region0#3: NoAlias
i8#0 <-> func.region0#3: NoAlias
cast#0 <-> func.region0#3: NoAlias
sub#0 <-> func.region0#3: NoAlias
view#0 <-> func.region0#3: NoAlias
tr#0 <-> func.region0#3: MayAlias
poison#0 <-> func.region0#3: MayAlias
if#0 <-> func.region0#3: NoAlias
for#0 <-> func.region0#3: MayAlias
for.region0#0 <-> func.region0#3: MayAlias
for.region0#1 <-> func.region0#3: MayAlias
while#0 <-> func.region0#3: MayAlias
while.region0#0 <-> func.region0#3: MayAlias
while.region1#0 <-> func.region0#3: MayAlias
distinct#0 <-> func.region0#3: MayAlias
distinct#1 <-> func.region0#3: MayAlias
inner#0 <-> func.region0#3: NoAlias
innerh#0 <-> func.region0#3: NoAlias
blk.region0#0 <-> func.region0#3: MayAlias
func.region0#0 <-> func.region0#3: MayAlias
func.region0#1 <-> func.region0#3: MayAlias
func.region0#2 <-> func.region0#3: MayAlias
a#0 <-> func.region0.block1#0: MustAlias
b#0 <-> func.region0.block1#0: NoAlias
i8#0 <-> func.region0.block1#0: NoAlias
cast#0 <-> func.region0.block1#0: MustAlias
sub#0 <-> func.region0.block1#0: MustAlias
view#0 <-> func.region0.block1#0: NoAlias
tr#0 <-> func.region0.block1#0: MayAlias
poison#0 <-> func.region0.block1#0: NoAlias
if#0 <-> func.region0.block1#0: MayAlias
for#0 <-> func.region0.block1#0: NoAlias
for.region0#0 <-> func.region0.block1#0: MayAlias
for.region0#1 <-> func.region0.block1#0: NoAlias
while#0 <-> func.region0.block1#0: MayAlias
while.region0#0 <-> func.region0.block1#0: MayAlias
while.region1#0 <-> func.region0.block1#0: MayAlias
distinct#0 <-> func.region0.block1#0: MustAlias
distinct#1 <-> func.region0.block1#0: MayAlias
inner#0 <-> func.region0.block1#0: NoAlias
innerh#0 <-> func.region0.block1#0: NoAlias
blk.region0#0 <-> func.region0.block1#0: MayAlias
func.region0#0 <-> func.region0.block1#0: NoAlias
func.region0#1 <-> func.region0.block1#0: NoAlias
func.region0#2 <-> func.region0.block1#0: NoAlias
func.region0#3 <-> func.region0.block1#0: NoAlias
`;

const NAMES: Record<AliasResult, string> = { no: 'NoAlias', may: 'MayAlias', partial: 'PartialAlias', must: 'MustAlias' };

test('alias results match mlir-opt --test-alias-analysis', () => {
  const module = parse(INPUT, { allowUnregisteredDialects: true });
  // TestAliasAnalysis: results, then region arguments, of tagged ops in post-order.
  const values: { v: Value; name: string }[] = [];
  module.walk((op) => {
    const tag = op.attributesView.get('test.ptr');
    if (!(tag instanceof StringAttr)) return;
    op.results.forEach((r, i) => values.push({ v: r, name: `${tag.value}#${i}` }));
    op.regions.forEach((region, ri) => {
      region.blocks.forEach((block, bi) => {
        const where = `${tag.value}.region${ri}${bi ? `.block${bi}` : ''}`;
        for (const a of block.args) values.push({ v: a, name: `${where}#${(a as BlockArgument).index}` });
      });
    });
  });
  let out = 'Testing : <<NULL ATTRIBUTE>>\n';
  for (let i = 0; i < values.length; i++)
    for (let j = 0; j < i; j++) out += `${values[j].name} <-> ${values[i].name}: ${NAMES[alias(values[j].v, values[i].v)]}\n`;
  assert.equal(out, MLIR_OUTPUT);
});

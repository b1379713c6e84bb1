// The local alias analysis (src/transforms/alias-analysis.ts) against MLIR
// 22's: the values of ops tagged `test.ptr` are compared pairwise and
// printed as mlir-opt's --test-alias-analysis prints them, and compared with
// what mlir-opt 22 prints for the same input, run live.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

const MLIR_OPT = process.env.SCFKIT_MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt';

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
  const ref = spawnSync(MLIR_OPT, ['--allow-unregistered-dialect', '--test-alias-analysis', '-o', '/dev/null', '-'], { input: INPUT, encoding: 'utf8' });
  assert.equal(ref.status, 0, ref.stderr);
  assert.equal(out, ref.stderr);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Context } from '../../../src/ir/context.js';
import { IntegerAttr } from '../../../src/ir/builtin-attributes.js';
import { IntegerType } from '../../../src/ir/builtin-types.js';
import { getInterface, type BranchInterface, type MemoryEffectsInterface } from '../../../src/ir/interfaces.js';
import type { Operation } from '../../../src/ir/operation.js';
import { registerAllDialects } from '../../../src/dialects/registry.js';
import { parseSourceIntoBlock } from '../../../src/syntax/op-parser.js';
import { SourceFile } from '../../../src/syntax/source.js';

function parseOps(text: string): Operation[] {
  const ctx = new Context();
  registerAllDialects(ctx);
  const block = parseSourceIntoBlock(ctx, new SourceFile('t.mlir', text));
  assert.ok(block, ctx.diagnostics.toString?.() ?? 'parse failed');
  const ops: Operation[] = [];
  for (const op of block.ops) op.walk((o) => (ops.push(o), 'advance'), 'pre');
  return ops;
}

const SRC = `func.func @f(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y, %x : i32, i32)
^bb1(%a: i32):
  cf.switch %a : i32, [default: ^bb1(%a : i32), 5: ^bb2(%a, %a : i32, i32), 7: ^bb3]
^bb2(%b: i32, %d: i32):
  cf.br ^bb3
^bb3:
  return
}
`;

test('Branch interface: successor operands of cond_br, switch and br', () => {
  const ops = parseOps(SRC);
  const byName = (n: string): Operation => ops.find((o) => o.name.name === n)!;
  const condBr = byName('cf.cond_br');
  const br = getInterface<BranchInterface>(condBr, 'Branch')!;
  const fn = byName('func.func');
  const [c, x, y] = fn.regions[0].entry.args;
  assert.deepEqual(br.getSuccessorOperands(condBr, 0), [x]);
  assert.deepEqual(br.getSuccessorOperands(condBr, 1), [y, x]);
  const i1 = IntegerType.get(1);
  assert.equal(br.getSuccessorForOperands!(condBr, [IntegerAttr.get(i1, 1)]), condBr.successor(0));
  assert.equal(br.getSuccessorForOperands!(condBr, [IntegerAttr.get(i1, 0)]), condBr.successor(1));
  assert.equal(br.getSuccessorForOperands!(condBr, [undefined]), undefined);
  void c;

  const sw = byName('cf.switch');
  const swi = getInterface<BranchInterface>(sw, 'Branch')!;
  const a = sw.operand(0);
  assert.deepEqual(swi.getSuccessorOperands(sw, 0), [a]);
  assert.deepEqual(swi.getSuccessorOperands(sw, 1), [a, a]);
  assert.deepEqual(swi.getSuccessorOperands(sw, 2), []);
  const i32 = IntegerType.get(32);
  assert.equal(swi.getSuccessorForOperands!(sw, [IntegerAttr.get(i32, 7)]), sw.successor(2));
  assert.equal(swi.getSuccessorForOperands!(sw, [IntegerAttr.get(i32, 9)]), sw.successor(0));

  const plain = byName('cf.br');
  assert.deepEqual(getInterface<BranchInterface>(plain, 'Branch')!.getSuccessorOperands(plain, 0), []);
  assert.ok(plain.hasTrait('Pure'));
});

test('cf.assert has a write effect', () => {
  const ops = parseOps('func.func @f(%c: i1) {\n  cf.assert %c, "m"\n  return\n}\n');
  const op = ops.find((o) => o.name.name === 'cf.assert')!;
  const eff = getInterface<MemoryEffectsInterface>(op, 'MemoryEffects')!.getEffects(op);
  assert.deepEqual(eff.map((e) => e.kind), ['write']);
});

test('cf.switch: each case`s operands by index match the whole split, for varied segment sizes (a large switch, live against mlir-opt 22)', async () => {
  const { optAndReference } = await import('../../opt-cases.js');
  const { prng } = await import('../../../bench/gen.js');
  const rnd = prng(7);
  const n = 600;
  const sizes = Array.from({ length: n }, () => Math.floor(rnd() * 4));
  const lines = [`func.func @f(%x: i32, %v: i32, %w: i32) -> i32 {`, `  cf.switch %x : i32, [`, `    default: ^d(%v : i32),`];
  sizes.forEach((k, i) => {
    const ops = Array.from({ length: k }, (_, j) => (j % 2 ? '%w' : '%v'));
    lines.push(`    ${i}: ^b${k}${k ? `(${ops.join(', ')} : ${ops.map(() => 'i32').join(', ')})` : ''}${i + 1 < n ? ',' : ''}`);
  });
  lines.push('  ]');
  for (let k = 0; k < 4; k++) lines.push(k ? `^b${k}(${Array.from({ length: k }, (_, j) => `%a${k}_${j}: i32`).join(', ')}):` : '^b0:', `  cf.br ^d(%x : i32)`);
  lines.push('^d(%r: i32):', '  return %r : i32', '}');
  const text = lines.join('\n') + '\n';
  const sw = parseOps(text).find((o) => o.name.name === 'cf.switch')!;
  const br = getInterface<BranchInterface>(sw, 'Branch')!;
  const { SwitchOp } = await import('../../../src/dialects/cf/index.js');
  const whole = SwitchOp.caseOperands(SwitchOp.cast(sw));
  assert.equal(whole.length, n);
  for (let i = 0; i < n; i++) {
    assert.equal(whole[i].length, sizes[i]);
    assert.deepEqual(br.getSuccessorOperands(sw, i + 1), whole[i], `case ${i}`);
  }
  const r = optAndReference(text, '--canonicalize');
  assert.deepEqual({ code: r.code, out: r.out, err: r.err }, r.ref);
});

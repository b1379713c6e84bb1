// An op's lists (regions, results, successors) have one V8 map whether the op
// was parsed or built: code optimized while parsing (the verifier, the
// drivers, eraseTree) is otherwise deoptimized ("wrong map") by the first op
// a rewrite builds, and recompiled, in every cold run. Checked with V8's
// %HaveSameMap in a child node started with --allow-natives-syntax.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const SCRIPT = `
const { parse, Builder, Context } = await import(${JSON.stringify(new URL('../../src/index.js', import.meta.url).href)});
const m = parse(\`func.func @f(%c: i1, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  %s = scf.if %c -> i32 {
    scf.yield %r#0 : i32
  } else {
    scf.yield %r#1 : i32
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return %s : i32
}\`);
const ops = [];
m.walk((op) => { ops.push(op); });
const byName = (n) => ops.find((op) => op.name.name === n);
const b = new Builder(m.context);
const i32 = byName('scf.if').result(0).type;
const block = byName('cf.br').successor(0);
const built1 = b.create('test.one', { regions: 1 });
const built2 = b.create('test.two', { regions: 2, results: [i32, i32] });
const built3 = b.create('test.three', { regions: 3, results: [i32, i32, i32] });
const br = b.create('test.br', { successors: [block] });
const condBr = b.create('test.cond_br', { successors: [block, block] });
const none = b.create('test.none', {});
const same = (x, y) => %HaveSameMap(x, y);
console.log(JSON.stringify({
  regions1: same(byName('scf.for').regions, built1.regions),
  regions2: same(byName('scf.if').regions, built2.regions),
  regions3: same(byName('scf.if').regions, built3.regions),
  results2: same(byName('scf.for').results, built2.results),
  results3: same(byName('scf.for').results, built3.results),
  resultsEmpty: same(none.results, built2.results),
  successors1: same(byName('cf.br').successorList, br.successorList),
  successors2: same(byName('cf.cond_br').successorList, condBr.successorList),
  frozen: Object.isFrozen(built2.results) && Object.isFrozen(built3.results),
}));
`;

test('parsed and built ops keep their region, result and successor lists in one array map', () => {
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8' });
  const got = JSON.parse(out) as Record<string, boolean>;
  for (const [k, v] of Object.entries(got)) assert.equal(v, true, k);
  assert.equal(Object.keys(got).length, 9);
});

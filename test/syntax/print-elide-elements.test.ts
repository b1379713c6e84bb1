// `--mlir-elide-elementsattrs-if-larger=N`: elements attributes with more than
// N elements print as `dense_resource<__elided__>` (splats never), wherever
// they appear: op attributes and properties, nested in arrays and
// dictionaries, sparse attributes (either part), string elements, the generic
// form. Checked live against mlir-opt 22: output, diagnostics, exit code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optAndReference } from '../opt-cases.js';

const input = `
func.func @f() -> (tensor<4xi32>, tensor<3xf32>, tensor<2x2xi8>, tensor<5xi32>) {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = arith.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf32>
  %2 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %3 = arith.constant dense<7> : tensor<5xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<3xf32>, tensor<2x2xi8>, tensor<5xi32>
}
memref.global "private" constant @g : memref<3xi32> = dense<[1, 2, 3]>
"test.op"() {a = dense<[1, 2, 3]> : tensor<3xi64>, b = [dense<[1, 2]> : vector<2xi32>, {c = dense<["x", "y", "z"]> : tensor<3x!test.type>}], s = sparse<[[0, 1], [2, 3]], [5, 6]> : tensor<4x4xi32>, t = sparse<[[1, 1]], [9]> : tensor<4x4xi32>, e = dense<> : tensor<0xi32>, r = dense<"0x01000000020000000300000004000000"> : tensor<4xi32>} : () -> ()
`;

for (const limit of ['0', '1', '2', '3', '4', '100'])
  for (const extra of [[], ['--mlir-print-op-generic'], ['--mlir-print-local-scope']]) {
    test(`--mlir-elide-elementsattrs-if-larger=${limit} ${extra.join(' ')}: as mlir-opt 22`, () => {
      const r = optAndReference(input, '--allow-unregistered-dialect', `--mlir-elide-elementsattrs-if-larger=${limit}`, ...extra);
      assert.equal(r.err, r.ref.err);
      assert.equal(r.out, r.ref.out);
      assert.equal(r.code, r.ref.code);
    });
  }

test('--mlir-elide-elementsattrs-if-larger takes a uint, as mlir-opt 22 (decimal, hex, octal; errors otherwise)', () => {
  for (const value of ['08', '0x10', '010', 'abc', '-1', '4294967296', '']) {
    const r = optAndReference(input, '--allow-unregistered-dialect', `--mlir-elide-elementsattrs-if-larger=${value}`);
    assert.equal(r.err, r.ref.err, value);
    assert.equal(r.out, r.ref.out, value);
    assert.equal(r.code, r.ref.code, value);
  }
});

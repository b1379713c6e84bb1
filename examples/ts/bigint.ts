// bigint is i64; BigInt.asIntN(64, ...) wraps as JavaScript does.
function fact(n: bigint): bigint {
  let r = 1n;
  for (let i = 1n; i <= n; i++) r = BigInt.asIntN(64, r * i);
  return r;
}
function main(): void {
  const a = 1234567890123n;
  console.log(a, a * 3n, a / 7n, a % 7n, -a / 7n, -a % 7n);
  console.log(a & 0xffffn, a | 1n, a ^ a, ~a, -a);
  console.log(fact(20n), fact(21n), fact(25n));
  console.log(a > 0n, a === 1234567890123n, BigInt(42), BigInt(-7));
  let x = 9223372036854775807n;
  x = BigInt.asIntN(64, x + 1n);
  console.log(x);
}
main();

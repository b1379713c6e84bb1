// Functions, calls and recursion.
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
function ack(m: number, n: number): number {
  if (m === 0) return n + 1;
  if (n === 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
function fill(a: Float64Array, v: number): void {
  for (let i = 0; i < a.length; i++) a[i] = v + i;
}
function isEven(n: number): boolean {
  return n === 0 ? true : isOdd(n - 1);
}
function isOdd(n: number): boolean {
  return n === 0 ? false : isEven(n - 1);
}
function main(): void {
  const a = new Float64Array(3);
  fill(a, 10);
  console.log(gcd(1071, 462), ack(2, 3), a[0] + a[1] + a[2], isEven(10), isOdd(7));
}
main();

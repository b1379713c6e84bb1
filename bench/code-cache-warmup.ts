// Run by `npm run bundle:ts` to record scf-ts's V8 code cache (see bin/bundle-loader.cjs).
function fib(n: number): number {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
function main(): void {
  let s = 0;
  for (let i = 0; i < 10; i++) {
    s += i * 0.5;
    if (s > 3) s -= 1; else s += 0.25;
  }
  console.log("s =", s, s > 2, 10n);
  console.log(fib(15), Math.sqrt(2), -0, 1e21, 0.1 + 0.2, (7 | 0) ^ 3, -5 >>> 0, 1 << 33);
  let k = 0;
  while (k < 5) k += 2;
  do { k--; } while (k > 3);
  const a = new Float64Array(4);
  for (let i = 0; i < a.length; i++) a[i] = i * 1.5;
  let t = 0;
  for (const x of a) t += x;
  console.log(k, t, Math.round(-0.5), Math.round(2.5), Math.hypot(3, 4), Math.sign(-3), Math.max(1, NaN));
}
main();

// Canonical counted loops become scf.for (bounds known integers, bound invariant).
function sum(n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += i;
  return s;
}
function main(): void {
  let p = 1;
  for (let i = 1; i <= 10; i += 3) p *= i;
  let q = 0;
  for (let i = 2; i < 2.5; i++) q += 100;
  let z = 0;
  for (let i = 5; i < 3; i++) z += 1;
  console.log(sum(10), sum(10.5), sum(-3), sum(NaN), p, q, z);
  let t = 0;
  for (let i = 0; i < 4; i++) for (let j = i; j < 4; j = j + 1) t += i * 10 + j;
  console.log(t);
}
main();

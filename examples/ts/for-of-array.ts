// for...of over a typed array: an scf.for over its length.
function total(a: Float64Array): number {
  let s = 0;
  for (const x of a) s += x;
  return s;
}
function main(): void {
  const a = new Float64Array(5);
  for (let i = 0; i < a.length; i++) a[i] = i * i + 0.5;
  const b = new Int32Array(3);
  b[0] = 7;
  b[2] = -9;
  let prod = 1;
  for (const v of b) prod = prod * (v + 1);
  console.log(total(a), prod, a.length, b.length);
}
main();

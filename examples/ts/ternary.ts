// ?: is an scf.if with a result.
function sel(x: number): number {
  return x > 0 ? x * 2 : x < -5 ? -x : 0;
}
function main(): void {
  let c = 0;
  const v = c > 0 ? (c = 5) : (c = 7);
  console.log(v, c, sel(3), sel(-7), sel(-1), sel(NaN), true ? 1n : 2n);
}
main();

// break leaves the innermost loop: the loop becomes an scf.loop.
function firstSquareAbove(n: number): number {
  let i = 0;
  while (true) {
    if (i * i > n) break;
    i++;
  }
  return i;
}
function main(): void {
  let s = 0;
  for (let i = 0; i < 100; i++) {
    if (i === 7) break;
    s += i;
  }
  const a = new Float64Array(6);
  for (let i = 0; i < a.length; i++) a[i] = (i * 7) % 5;
  let found = -1;
  let k = 0;
  for (const x of a) {
    if (x === 4) {
      found = k;
      break;
    }
    k++;
  }
  let d = 0;
  do {
    d += 3;
    if (d > 10) break;
  } while (d < 100);
  console.log(s, firstSquareAbove(50), found, d);
}
main();

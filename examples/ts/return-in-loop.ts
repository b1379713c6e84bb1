// return inside nested loops: the function body is an scf.execute_region that return breaks out of.
function find(a: Int32Array, v: number): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === v) return i;
  }
  return -1;
}
function firstPair(n: number, target: number): number {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (i * j === target) return i * 1000 + j;
    }
  }
  return -1;
}
function sumUntilNegative(a: Float64Array): number {
  let s = 0;
  for (const x of a) {
    if (x < 0) return s;
    s += x;
  }
  return s + 0.5;
}
function report(n: number): void {
  let i = 0;
  while (true) {
    i++;
    if (i > n) {
      console.log("done", i);
      return;
    }
  }
}
function main(): void {
  const a = new Int32Array(5);
  for (let i = 0; i < 5; i++) a[i] = i * 3;
  const f = new Float64Array(4);
  f[0] = 1;
  f[1] = 2;
  f[2] = -1;
  f[3] = 5;
  console.log(find(a, 9), find(a, 4), firstPair(10, 12), firstPair(3, 100), sumUntilNegative(f));
  report(3);
}
main();

// for...of over a constant list is unrolled.
function main(): void {
  let s = 0;
  for (const x of [1, 2.5, 4]) s = s * 10 + x;
  let b = 0;
  for (const flag of [true, false, true]) if (flag) b++;
  for (const k of [3n, 4n]) console.log(k * k);
  console.log(s, b);
}
main();

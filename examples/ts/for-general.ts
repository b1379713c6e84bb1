// Other for loops become scf.while.
function main(): void {
  let n = 0;
  for (let i = 1; i < 1000; i *= 3) n += i;
  let m = 0;
  for (let i = 10; i > 0; i--) m += i;
  let k = 0;
  let j = 0;
  for (; j < 5; ) {
    j += 0.75;
    k++;
  }
  let r = 0;
  for (let x = 0.5; x < 3; x++) r += x;
  console.log(n, m, j, k, r);
}
main();

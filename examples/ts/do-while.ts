// do...while runs its body before the first test.
function main(): void {
  let i = 10;
  let n = 0;
  do {
    n += i;
    i -= 3;
  } while (i > 0);
  let once = 0;
  do once++; while (false);
  console.log(i, n, once);
}
main();

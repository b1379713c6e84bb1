// while loops are scf.while; the condition may have effects.
function collatz(n: number): number {
  let steps = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}
function main(): void {
  let i = 0;
  let s = 0;
  while (i++ < 5) s += i;
  console.log(collatz(27), collatz(1), i, s);
}
main();

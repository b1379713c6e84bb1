// number is f64 with JavaScript's arithmetic and printing.
function main(): void {
  const a = 0.1 + 0.2;
  console.log(a, a * 3, 1 / 3, 2 / 3, 10 / 4);
  console.log(1e21, 1e-7, 123456789012345680000, 5e-324, 1.7976931348623157e308);
  console.log(-0, 0 * -1, 1 / 0, -1 / 0, 0 / 0);
  console.log(7 % 3, -7 % 3, 7.5 % 2, -0 % 5, 2 ** 10, 2 ** 0.5);
  console.log(-a, +a, 100 - 0.01, 1e300 * 1e10);
  console.log(Number.MAX_SAFE_INTEGER, Number.EPSILON, Number.MIN_VALUE, Number.isNaN(0 / 0), Number.isNaN(1));
}
main();

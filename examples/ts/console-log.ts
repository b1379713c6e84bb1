// console.log of numbers, booleans, bigints and string literals, as Node prints them.
function main(): void {
  console.log("hello, world");
  console.log();
  console.log("a", 1, "b", true, 2n, `template`, 'quotes " and \' and \\');
  console.log(1, 2, 3);
  console.log("100%");
  console.log(0.000001, 0.0000001, 123e-20, 1e100, -1e-100, 2 ** 53, 2 ** 53 + 1);
}
main();

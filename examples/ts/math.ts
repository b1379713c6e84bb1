// Math.* as JavaScript computes it.
function main(): void {
  console.log(Math.sqrt(2), Math.abs(-3.5), Math.floor(-2.5), Math.ceil(-2.5), Math.trunc(-2.7));
  console.log(Math.round(2.5), Math.round(-2.5), Math.round(-0.4), Math.round(0.49999999999999994), Math.round(-0));
  console.log(Math.sign(-4), Math.sign(0), Math.sign(-0), Math.sign(NaN), Math.exp(1), Math.log(10));
  console.log(Math.sin(1), Math.cos(1), Math.pow(2, 0.5), Math.pow(NaN, 0), Math.pow(1, Infinity));
  console.log(Math.imul(123456789, 987654321), Math.fround(0.1), Math.hypot(3, 4), Math.hypot(1e200, 1e200), Math.hypot(NaN, Infinity));
  console.log(Math.min(3, -0, 0), Math.max(-0, 0), Math.min(1, NaN), Math.max(), Math.min(4, 2, 8), Math.PI, Math.E);
}
main();

func.func @main() {
  %p = ub.poison : i1
  scf.if %p {
    vector.print str "then\n"
  }
  return
}

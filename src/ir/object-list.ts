// Empty lists made in V8's generic elements kind (see `objectList`).

/**
 * An empty list whose elements kind is already V8's generic one. A `[]`
 * starts as a list of small integers and changes kind at its first object
 * or boolean. The long-lived lists of a parser or verifier make that change
 * after they have left the young generation, where V8 no longer records it
 * for the literal, so each new parser or verifier starts again from the
 * small-integer kind. Code optimized during an earlier run in the same
 * process only knows the generic kind, and deoptimizes on the new lists.
 */
export function objectList<T>(): T[] {
  const list: unknown[] = [null];
  list.length = 0;
  return list as T[];
}

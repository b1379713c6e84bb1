// Gives each distinct item a dense index, in first-seen order: the compilers
// refer to ops, layout descriptors and functions from generated code by such
// indices into the `items` array handed to the runtime.
export class Interner<T> {
  readonly items: T[] = [];
  private readonly ids = new Map<T, number>();

  id(item: T): number {
    let i = this.ids.get(item);
    if (i === undefined) {
      i = this.items.length;
      this.items.push(item);
      this.ids.set(item, i);
    }
    return i;
  }
}

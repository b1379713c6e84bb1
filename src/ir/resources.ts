// Resources of a parsed buffer (the `{-# dialect_resources: ..., external_resources: ... #-}`
// file metadata): the builtin dialect's blobs, which `dense_resource<key>`
// attributes refer to, and the external resources mlir-opt keeps as they were
// written. Both belong to one context, as MLIR keeps them per parsed buffer.

import type { Context } from './context.js';

/** A resource value: a hex blob (spelled as printed, `0x...`), a bool or a string. */
export type ResourceValue = { readonly kind: 'blob'; readonly hex: string } | { readonly kind: 'bool'; readonly value: boolean } | { readonly kind: 'string'; readonly value: string };

export class ResourceStore {
  /** Builtin blobs by key; a key declared again takes the later blob. */
  readonly builtinBlobs = new Map<string, string>();
  /** External resources by group name, entries in the order read (duplicates kept). */
  readonly external = new Map<string, [string, ResourceValue][]>();

  get empty(): boolean {
    return this.builtinBlobs.size === 0 && this.external.size === 0;
  }

  addExternal(group: string, key: string, value: ResourceValue): void {
    let entries = this.external.get(group);
    if (!entries) this.external.set(group, (entries = []));
    entries.push([key, value]);
  }
}

const stores = new WeakMap<Context, ResourceStore>();

/** The resources parsed into `ctx` (an empty store if none were). */
export function resourceStore(ctx: Context): ResourceStore {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new ResourceStore()));
  return store;
}

/** The store of `ctx` if anything was ever put in it (no allocation otherwise). */
export function existingResourceStore(ctx: Context): ResourceStore | undefined {
  return stores.get(ctx);
}

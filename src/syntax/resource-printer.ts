// Prints the resources of a context after the top-level op, as MLIR's
// printResourceFileMetadata: the builtin blobs that `dense_resource` attributes
// in the printed IR refer to, then every external resource read.

import { Attribute, type Type } from '../ir/attributes.js';
import { DenseResourceElementsAttr, keywordOrString } from '../ir/builtin-attributes.js';
import type { Context } from '../ir/context.js';
import { escapeString } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { existingResourceStore, type ResourceValue } from '../ir/resources.js';

/** `dense_resource` keys used under `root`, in first-use order (op pre-order, then attribute order). */
function referencedBlobKeys(root: Operation): string[] {
  const keys = new Set<string>();
  const seen = new Set<Attribute | Type>();
  const visit = (e: Attribute | Type): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (e instanceof DenseResourceElementsAttr) keys.add(e.handle);
    e.walkImmediateSubElements(visit);
  };
  root.walk((op) => {
    if (op.opaqueProperties) visit(op.opaqueProperties);
    for (const a of op.propertiesView.values()) visit(a);
    for (const a of op.attributesView.values()) visit(a);
  }, 'pre');
  return [...keys];
}

function valueText(v: ResourceValue): string {
  if (v.kind === 'blob') return `"${v.hex}"`;
  if (v.kind === 'bool') return v.value ? 'true' : 'false';
  return escapeString(v.value);
}

function group(name: string, entries: readonly (readonly [string, string])[]): string {
  const body = entries.map(([k, v]) => `      ${keywordOrString(k)}: ${v}`).join(',\n');
  return `    ${keywordOrString(name)}: {\n${body}\n    }`;
}

/** The `{-# ... #-}` block to print after `root` (with its leading blank line), or '' if there is nothing to print. */
export function resourceMetadataText(ctx: Context, root: Operation): string {
  const store = existingResourceStore(ctx);
  if (!store || store.empty) return '';
  const sections: string[] = [];
  if (store.builtinBlobs.size) {
    const entries: [string, string][] = [];
    for (const key of referencedBlobKeys(root)) {
      const hex = store.builtinBlobs.get(key);
      if (hex !== undefined) entries.push([key, `"${hex}"`]);
    }
    if (entries.length) sections.push(`  dialect_resources: {\n${group('builtin', entries)}\n  }`);
  }
  const groups: string[] = [];
  for (const [name, entries] of store.external) if (entries.length) groups.push(group(name, entries.map(([k, v]) => [k, valueText(v)] as const)));
  if (groups.length) sections.push(`  external_resources: {\n${groups.join(',\n')}\n  }`);
  if (!sections.length) return '';
  return `\n{-#\n${sections.join(',\n')}\n#-}\n`;
}

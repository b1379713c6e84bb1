// The declarative op layer, as dialects use it: constraints, traits, op
// declarations with their typed handles, the assembly format engine (loaded
// here, so every declared format compiles) and dialect definitions.

export * from './constraints.js';
export * from './traits.js';
export * from './op.js';
export { registerCustomDirective, type CustomDirective, type CustomParseArg, type CustomPrintArg } from './format.js';
export * from './dialect.js';
export { allAttrs, printAttrDict, printAttrDictWithKeyword, verifyBranchSuccessorRange, verifyBranchSuccessors, parseBareOperandList, parseDynamicIndexList, printDynamicIndexList } from './helpers.js';

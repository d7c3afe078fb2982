/** Ajv's deep equality, for a generated validator's `const`, `enum` and `uniqueItems`. */
export { default } from 'ajv/dist/runtime/equal';

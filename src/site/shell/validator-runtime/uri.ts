/** Ajv's URI resolver, for a generated validator that resolves references by URI. */
export { default } from 'ajv/dist/runtime/uri';

/** Ajv's error of an asynchronous validator. */
export { default } from 'ajv/dist/runtime/validation_error';

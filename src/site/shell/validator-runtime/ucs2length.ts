/** A string's length in code points, as JSON Schema counts it. */
export * from '../../../core/validation/standalone-ucs2length';

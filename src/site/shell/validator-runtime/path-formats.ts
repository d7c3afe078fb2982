/** The workspace path formats alone, for a generated validator naming no other format. */
export * from '../../../core/validation/standalone-path-formats';

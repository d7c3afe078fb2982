/** Every format a generated validator may name: ajv-formats' full set and the workspace path formats. */
export * from '../../../core/validation/standalone-formats';

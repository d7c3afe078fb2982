/** The validator components use, as rjsf passes its `validator`: each entry point provides the one it built. */
import { createContext, useContext } from 'react';
import type { Validator } from '../../core/validation/validator';

export const ValidatorContext = createContext<Validator | null>(null);

export function useValidator(): Validator {
  const validator = useContext(ValidatorContext);
  if (validator === null)
    throw new Error(
      'useValidator: no validator was provided; wrap the tree in <ValidatorContext value={createPageValidator()}> at the entry point.',
    );
  return validator;
}

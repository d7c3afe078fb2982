/** The validator components use, as rjsf passes its `validator`: the page's own unless a provider gives another. */
import { createContext, useContext } from 'react';
import type { Validator } from '../../core/validation/validator';
import { pageValidator } from './pageValidator';

export const ValidatorContext = createContext<Validator>(pageValidator);

export const useValidator = (): Validator => useContext(ValidatorContext);

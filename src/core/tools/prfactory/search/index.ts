import { tool as glob } from './glob';
import { tool as grep } from './grep';
import { tool as searchReplace } from './search_replace';

export const searchTools = [grep, glob, searchReplace];

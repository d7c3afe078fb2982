/** The tools the eval tests grade against, compiled by the real validator. */
import { createCompilingValidator } from '../validation/compile';
import { createCheckContext } from '../calls/check';
import type { ToolDefinition } from '../toolset/types';
import tools from './fixtures/tools.json';

export const testTools = tools as unknown as ToolDefinition[];
export const testContext = () => createCheckContext(createCompilingValidator(), testTools);

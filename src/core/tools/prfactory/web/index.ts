import { tool as apiCall } from './api_call';
import { tool as webFetch } from './web_fetch';

export const webTools = [webFetch, apiCall];

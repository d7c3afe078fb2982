/** Import tool definitions from any provider format into a toolset, with a precise report. */
export { importToolset, toolsetIdFrom, IMPORTED_CATEGORY } from './import';
export { riskFromAnnotations } from './formats/mcp';
export { geminiSchemaToJsonSchema } from './formats/gemini';
export * from './types';

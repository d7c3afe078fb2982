export { exportTool, exportTools } from './formats';
export { EXPORT_FORMATS, EXPORT_FORMAT_INFO, isExportFormat } from './types';
export type { ExportFormat } from './types';

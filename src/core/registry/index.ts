export { createRegistry } from './registry';
export type { AvailabilityContext, RegisterResult, RegistryChange, RegistryChangeType, RegistryListener, ToolFilter, ToolRegistry } from './registry';
export { searchTools } from './search';
export type { SearchHit } from './search';

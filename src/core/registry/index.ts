export { createRegistry } from './registry';
export type {
  AvailabilityContext,
  RegisterResult,
  RegistryChange,
  RegistryChangeType,
  RegistryListener,
  ToolRegistry,
} from './registry';
export type { ToolFilter } from './filter';
export { searchTools } from './search';
export type { SearchHit } from './search';
export {
  AVAILABILITY_PRESETS,
  CAPABILITY_NAMES,
  PLAYGROUND_CAPABILITIES,
  capabilitiesNeeded,
  missingCapabilities,
} from './capabilities';
export type { Capability, CapabilityContext } from './capabilities';

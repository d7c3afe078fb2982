export { createRegistry } from './registry';
export type { RegistryChange } from './registry';
export { searchTools } from './search';
export { AVAILABILITY_PRESETS, PLAYGROUND_CAPABILITIES, capabilitiesNeeded, missingCapabilities } from './capabilities';

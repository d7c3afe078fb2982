// Public entry point of the TypeScript client for the Acme Tasks API.
export { ApiClient, ApiError } from './api/client';
export { UserService } from './api/userService';
export type { User, CreateUserInput } from './api/userService';
export { formatDueDate, isOverdue } from './utils/dates';
export { retry } from './utils/retry';

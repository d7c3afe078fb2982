/**
 * Loaded before the MCP SDK: zod compiles its object parsers with `new Function` unless told not to, and probes
 * whether it may by trying once, which this site's policy (no 'unsafe-eval') reports as a violation on every connect.
 * Jitless parsing is zod's own switch for such pages; it must be set before the SDK builds its schemas.
 */
import { config } from 'zod/v4';

config({ jitless: true });

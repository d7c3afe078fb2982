// The conformance runner hands a scenario's pre-registered credentials to the client in MCP_CONFORMANCE_CONTEXT
// (JSON). This adapter, used only by conformance.test.ts, passes them the way a user would — in the environment
// (MCP_CLIENT_ID, MCP_CLIENT_SECRET, MCP_CLIENT_PRIVATE_KEY) and --signing-alg — and runs the CLI.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const env = { ...process.env };
if (typeof context.client_id === 'string') env.MCP_CLIENT_ID = context.client_id;
if (typeof context.client_secret === 'string') env.MCP_CLIENT_SECRET = context.client_secret;
if (typeof context.private_key_pem === 'string') env.MCP_CLIENT_PRIVATE_KEY = context.private_key_pem;
const args = process.argv.slice(2);
// The runner appends the server URL last; options go before it.
if (typeof context.signing_algorithm === 'string')
  args.splice(args.length - 1, 0, '--signing-alg', context.signing_algorithm);
const cli = fileURLToPath(new URL('../../../../bin/tool-schemas.js', import.meta.url));
const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit', env });
child.on('exit', (code) => process.exit(code ?? 1));

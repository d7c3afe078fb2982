/** `mcp pin <target> --lock <file>`: writes a lockfile, a hash per tool and its definition. */
import { writeFileSync } from 'node:fs';
import { createLockfile, serializeLockfile } from '../../../core/mcp/pin/lockfile';
import { EXIT_OK, EXIT_USAGE } from '../../types';
import { lockPath, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';

const mcpPin: Run = async (session, args) => {
  const path = lockPath(args);
  if (!path) return { stdout: '', stderr: '--lock: give the lockfile to write\n', exitCode: EXIT_USAGE };
  const lockfile = await createLockfile(
    session.connection.serverInfo,
    session.tools as unknown as Record<string, unknown>[],
  );
  writeFileSync(path, serializeLockfile(lockfile));
  return {
    stdout: `Pinned ${Object.keys(lockfile.tools).length} tools of ${lockfile.server.name} ${lockfile.server.version} in ${path}\n`,
    stderr: '',
    exitCode: EXIT_OK,
  };
};

export const subcommand: McpCommand = {
  name: 'pin',
  usage: MCP_USAGE,
  summary: 'write a lockfile: a hash per tool and its definition',
  run: (args, context) => withSession(args, mcpPin, context),
};

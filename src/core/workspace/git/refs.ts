import '../buffer-polyfill';
import { listBranches, listTags } from 'isomorphic-git';
import type { Workspace } from '../types';
import { gitContext } from './context';

/** Branch and tag names, for suggestions in error messages and forms. */
export async function gitRefs(workspace: Workspace): Promise<{ branches: string[]; tags: string[] }> {
  const context = gitContext(workspace);
  try {
    const [branches, tags] = await Promise.all([
      listBranches({ fs: context.fs, dir: context.dir }),
      listTags({ fs: context.fs, dir: context.dir }),
    ]);
    return { branches, tags };
  } catch {
    return { branches: [], tags: [] };
  }
}

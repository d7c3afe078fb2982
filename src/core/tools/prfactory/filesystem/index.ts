import { tool as applyDiff } from './apply_diff';
import { tool as deleteFile } from './delete_file';
import { tool as listFiles } from './list_files';
import { tool as readFile } from './read_file';
import { tool as writeFile } from './write_file';

export const fileSystemTools = [readFile, writeFile, listFiles, deleteFile, applyDiff];

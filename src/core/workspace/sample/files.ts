// The sample project "acme-tasks" as it stands at its last commit (see ./history.ts for how it got there).
// Its files live beside this one, under ./project and ./submodule (each file is chosen so the examples in
// schemas/acode work on a first visit; edit with care); `npm run bundle` gathers them (./load.node.ts) into
// src/generated/sample-workspace.json, which the page, Node scripts and the tests all import.
import generatedSample from '../../../generated/sample-workspace.json';
import type { SampleWorkspaceData } from './load.node.js';

const data: SampleWorkspaceData = generatedSample;

/** Workspace-relative path → content at HEAD. */
export const SAMPLE_FILES: Record<string, string> = data.sample;

/** A small vendored library kept in its own nested repository under `submodule/` (path inside it → content at HEAD). */
export const SUBMODULE_FILES: Record<string, string> = data.submodule;

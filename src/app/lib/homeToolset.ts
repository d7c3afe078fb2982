/**
 * Sets the site's home toolset from the toolsets it bundles (the default one, else the first). Every entry imports
 * this first, so no address is read or written before it is set.
 */
import { setHomeToolset } from '../../core/toolset/collection';
import { bundledManifests } from './bundledTools';

/** Sets it again: site dev's renderer, whose toolsets are refilled in place when a definition changes, calls it. */
export function readHomeToolset(): void {
  setHomeToolset(bundledManifests().map((manifest) => manifest.id));
}

readHomeToolset();

import { capital, excerpt, textLabel, toolTexts } from '../poisoning/texts';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Tags written to look like the prompt's own structure or to shout at the model, as poisoned descriptions use them. */
const PSEUDO_TAG =
  /<\s*\/?\s*(important|system|system[_-]?prompt|instructions?|secret|hidden|admin|assistant|user|human|override|critical|sudo|context|tool[_-]?(?:call|result)|im_start|im_end)\b[^<>]{0,40}>/iu;

/** Poisoning: pseudo-tags such as <IMPORTANT> or <system> in text a model reads. */
export const pseudoTags: AuditRule = {
  id: 'pseudo-tags',
  description:
    "No pseudo-tags (<IMPORTANT>, <system>, <instructions>…) that pose as the prompt's structure in text a model reads.",
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const entry of toolTexts(context.tool)) {
      const match = PSEUDO_TAG.exec(entry.text);
      if (!match) continue;
      const label = textLabel(entry);
      report(
        'error',
        `${capital(label)} holds the pseudo-tag <${match[1]}> ("${excerpt(entry.text, match.index, match[0].length)}"): text that poses as the prompt's own structure is how poisoned tools smuggle orders to the model; describe the tool in plain words.`,
        entry.parameter,
        entry.pointer,
      );
    }
    return findings;
  },
};

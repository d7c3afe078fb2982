import type { ToolDefinition } from '../../toolset/types';
import { hasType, isJsonObject, snakeWords } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const DELETING_NAME = /(^|_)(delete|remove|rm|destroy|drop|purge|erase|wipe)(_|$)/;
const DESTRUCTIVE_WORDS = /\b(delet\w*|remov\w*|overwrit\w*|eras\w*|destroy\w*|wip(e|es|ing))\b/i;

/** Why a tool counts as destructive, or undefined when it does not. Decided from data, never from a list of names. */
export const destructiveToolSign = (tool: ToolDefinition): string | undefined => {
  if (DELETING_NAME.test(snakeWords(tool.name))) return `its name says it deletes`;
  if (tool.tags.some((tag) => tag === 'destructive' || DELETING_NAME.test(tag))) return `it is tagged destructive`;
  if (tool.riskLevel === 'high' || tool.riskLevel === 'critical') {
    const text = [tool.name, tool.title, tool.description, ...tool.tags].join(' ');
    const word = DESTRUCTIVE_WORDS.exec(text);
    if (word) return `its risk level is ${tool.riskLevel} and it says it will '${word[0].toLowerCase()}'`;
  }
  return undefined;
};

/** Checklist: destructive operations have a `confirm` parameter that defaults to false. */
export const destructiveConfirm: AuditRule = {
  id: 'destructive-confirm',
  description:
    'Destructive tools (deleting, or high/critical risk that delete or overwrite) have a boolean confirm parameter defaulting to false.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const reason = destructiveToolSign(context.tool);
    if (!reason) return findings;
    const properties = context.tool.inputSchema.properties;
    const confirm = isJsonObject(properties) ? properties.confirm : undefined;
    if (!isJsonObject(confirm)) {
      report(
        'error',
        `Tool is destructive (${reason}) but has no 'confirm' parameter; add a boolean 'confirm' with default false so the model must ask for it explicitly.`,
      );
      return findings;
    }
    if (!hasType(confirm, 'boolean')) {
      report(
        'error',
        `Parameter 'confirm' of a destructive tool is not a boolean; declare it as a boolean with default false.`,
        'confirm',
      );
    } else if (confirm.default === undefined) {
      report(
        'warning',
        `Parameter 'confirm' of a destructive tool has no default; declare default false so confirmation is never implied.`,
        'confirm',
      );
    } else if (confirm.default !== false) {
      report(
        'error',
        `Parameter 'confirm' of a destructive tool defaults to ${JSON.stringify(confirm.default)}; it must default to false.`,
        'confirm',
      );
    }
    return findings;
  },
};

/**
 * The shell's `alias`, which stores an alias's text with the time limit's checks in it. just-bash expands an alias
 * when the command that names it runs (with `shopt -s expand_aliases`): it joins the alias's text and the call's
 * words and parses that into a command, or runs it by `eval` when it is more than one simple command, past the
 * transform plugins; so a loop in an alias would run without its check and lose what it printed at the deadline.
 * Here `alias NAME=VALUE` stores VALUE as the shell's transform gives it, where the call's words join that text as
 * they join VALUE (see preparedAlias); listing the aliases shows each as given. Everything else is
 * just-bash's `alias`, said the same way (a test holds the two side by side).
 */
import { defineCommand, type Command } from 'just-bash';
import { cannotLoop, type Transform } from './late-scripts';

/** Where just-bash keeps an alias's text: the shell variable of this prefix and the alias's name. */
const ALIAS_PREFIX = 'BASH_ALIAS_';
/** A word no script writes, put after an alias's text to see where the transform puts a call's words. */
const PROBE = '__shell_time_limit_probe';
/** What every name and path the time limit writes into a script holds. */
const MARK = '__shell_time_limit';

const HELP =
  'alias - define or display aliases\n\nUsage: alias [name[=value] ...]\n\nOptions:\n      --help display this help and exit\n';

/**
 * The text to store for an alias of text `value`: `value` transformed when that puts a check in it and a call's
 * words join the transformed text as they join `value`, which the probe shows: the transform of `value PROBE` is the
 * transformed text with the probe after a space (the words are the last command's: `while …; done; echo`) or on a
 * line of its own (they make a command of their own: after `done`, `;`, `&`). Otherwise `value` as it is (its
 * words would land elsewhere: `bash -c`, whose check follows it; or it puts no check in: `ls -l`).
 */
export function preparedAlias(value: string, transform: Transform): string {
  if (cannotLoop(value)) return value;
  try {
    const alone = transform(value).script;
    if (!alone.includes(MARK)) return value;
    const probed = transform(`${value} ${PROBE}`).script;
    // A text that ends in a space has just-bash look at the call's first word for an alias too: it keeps the space.
    if (probed === `${alone} ${PROBE}`) return value.endsWith(' ') ? `${alone} ` : alone;
    if (probed === `${alone}\n${PROBE}`) return `${alone}\n`;
  } catch {
    // Text the shell cannot parse is stored as it is, so its error reads as it would.
  }
  return value;
}

/**
 * `alias`, storing each alias's text prepared through `transform` (the shell's own) and telling `defined` each
 * name it defines, so texts the shell reads later know the name may stand for any command.
 */
export function createAliasCommand(transform: () => Transform, defined: (name: string) => void): Command {
  // The text given for each alias, beside the text stored for it: what listing shows.
  const given = new Map<string, { stored: string; value: string }>();
  const shown = (name: string, stored: string) => {
    const entry = given.get(name);
    return entry !== undefined && entry.stored === stored ? entry.value : stored;
  };
  const line = (name: string, stored: string) => `alias ${name}='${shown(name, stored)}'\n`;
  return defineCommand('alias', async (args, ctx) => {
    if (args.includes('--help')) return { stdout: HELP, stderr: '', exitCode: 0 };
    if (args.length === 0) {
      let stdout = '';
      for (const [key, stored] of ctx.env)
        if (key.startsWith(ALIAS_PREFIX)) stdout += line(key.slice(ALIAS_PREFIX.length), stored);
      return { stdout, stderr: '', exitCode: 0 };
    }
    for (const word of args[0] === '--' ? args.slice(1) : args) {
      const equals = word.indexOf('=');
      if (equals === -1) {
        const stored = ctx.env.get(ALIAS_PREFIX + word);
        return stored
          ? { stdout: line(word, stored), stderr: '', exitCode: 0 }
          : { stdout: '', stderr: `alias: ${word}: not found\n`, exitCode: 1 };
      }
      const name = word.slice(0, equals);
      let value = word.slice(equals + 1);
      // just-bash's own `alias` takes off one pair of quotes around the text.
      if ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"'))) {
        value = value.slice(1, -1);
      }
      const stored = preparedAlias(value, transform());
      ctx.env.set(ALIAS_PREFIX + name, stored);
      given.set(name, { stored, value });
      defined(name);
    }
    return { stdout: '', stderr: '', exitCode: 0 };
  });
}

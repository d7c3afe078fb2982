/** Shell command lines that can destroy data or the machine; a match raises the call's risk to critical. */

const DESTRUCTIVE_PATTERNS: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\bgit\s+push\b.*(?:--force\b|--force-with-lease\b|\s-f\b|\s\+\S)/,
    reason: 'force push rewrites remote history',
  },
  { pattern: /\bgit\s+reset\s+--hard\b/, reason: 'git reset --hard discards work' },
  { pattern: /\bgit\s+clean\s+-[a-zA-Z]*f/, reason: 'git clean -f deletes untracked files' },
  { pattern: /\bmkfs(?:\.\w+)?\b/, reason: 'formats a file system' },
  { pattern: /\bdd\s+.*\bif=/, reason: 'raw disk copy (dd)' },
  { pattern: /:\s*\(\s*\)\s*\{/, reason: 'fork bomb' },
  {
    pattern: /\bchmod\s+(?:-[a-zA-Z]*R[a-zA-Z]*|--recursive)\s+0?777\b/,
    reason: 'recursive world-writable permissions',
  },
  { pattern: /\bchown\s+(?:-[a-zA-Z]*R|--recursive)\b/, reason: 'recursive ownership change' },
  { pattern: /\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/, reason: 'pipes a download into a shell' },
  { pattern: />\s*\/dev\/(?:sd[a-z]|nvme|hd[a-z])/, reason: 'writes to a raw disk device' },
  { pattern: /\b(?:shutdown|reboot|halt|poweroff)\b/, reason: 'stops the machine' },
  { pattern: /\bsudo\b/, reason: 'runs with elevated privileges' },
];

/** `rm` with both recursive and force flags, in any spelling: -rf, -fr, -Rf, -r -f, --recursive --force. */
function isRecursiveForcedRemove(command: string): boolean {
  for (const match of command.matchAll(/\brm((?:\s+-{1,2}[a-zA-Z-]+)+)/g)) {
    const flags = match[1]!.trim().split(/\s+/);
    const short = flags.filter((flag) => /^-[a-zA-Z]+$/.test(flag)).join('');
    const recursive = /[rR]/.test(short) || flags.includes('--recursive');
    const force = short.includes('f') || flags.includes('--force');
    if (recursive && force) return true;
  }
  return false;
}

/** The reason the command looks destructive, or null. */
export function destructiveCommandReason(command: string): string | null {
  if (isRecursiveForcedRemove(command)) return 'recursive forced delete (rm -rf)';
  for (const { pattern, reason } of DESTRUCTIVE_PATTERNS) if (pattern.test(command)) return reason;
  return null;
}

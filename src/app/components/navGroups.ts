/** The header's groups of pages, by job. */
export type NavGroupId = 'tools' | 'models' | 'guide';

export const NAV_GROUPS: readonly { id: NavGroupId; label: string }[] = [
  { id: 'tools', label: 'Tools' },
  { id: 'models', label: 'Model calls' },
  { id: 'guide', label: 'Guide' },
];

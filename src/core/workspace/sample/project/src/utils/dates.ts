/** Dates as the UI shows them: "Mar 18" this year, "Mar 18, 2023" otherwise. */
export function formatDueDate(due: Date, today: Date = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (due.getFullYear() !== today.getFullYear()) options.year = 'numeric';
  return due.toLocaleDateString('en-US', options);
}

export function isOverdue(due: Date | null, done: boolean, today: Date = new Date()): boolean {
  return !done && due !== null && due.getTime() < today.getTime();
}

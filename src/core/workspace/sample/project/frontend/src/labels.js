// Labels the task list shows: status names and assignee initials.
const STATUS_LABELS = { open: 'Open', in_progress: 'In progress', done: 'Done' };

function statusLabel(status) {
  return STATUS_LABELS[status] || 'Unknown';
}

function initials(name) {
  return String(name || '')
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase())
    .join('')
    .slice(0, 2);
}

module.exports = { statusLabel, initials };

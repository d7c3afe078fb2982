// Counts for the dashboard header, computed from the task list.
function countByStatus(tasks) {
  const counts = { open: 0, in_progress: 0, done: 0 };
  for (const task of tasks) counts[task.status] = (counts[task.status] || 0) + 1;
  return counts;
}

function dueSoon(tasks, today, days) {
  const limit = new Date(today.getTime() + days * 86400000);
  return tasks
    .filter((task) => task.status !== 'done' && new Date(task.due) <= limit)
    .sort((first, second) => first.due.localeCompare(second.due));
}

function completionRate(tasks) {
  if (tasks.length === 0) return 0;
  return Math.round((countByStatus(tasks).done / tasks.length) * 100);
}

module.exports = { countByStatus, dueSoon, completionRate };

const assert = require('assert');
const { countByStatus, dueSoon, completionRate } = require('../src/taskStats');

const tasks = [
  { id: 1, title: 'Set up CI', status: 'done', due: '2024-03-11' },
  { id: 2, title: 'Fix login lockout', status: 'open', due: '2024-03-19' },
  { id: 3, title: 'Connection pool metrics', status: 'open', due: '2024-03-21' },
  { id: 4, title: 'Write onboarding docs', status: 'in_progress', due: '2024-03-28' },
];

module.exports = {
  'countByStatus counts each status': () => {
    assert.deepStrictEqual(countByStatus(tasks), { open: 2, in_progress: 1, done: 1 });
  },
  'dueSoon lists unfinished tasks due within the window, soonest first': () => {
    const soon = dueSoon(tasks, new Date('2024-03-18'), 3);
    assert.deepStrictEqual(soon.map((task) => task.id), [2, 3]);
  },
  'completionRate is a whole percentage': async () => {
    assert.strictEqual(completionRate(tasks), 25);
    assert.strictEqual(await Promise.resolve(completionRate([])), 0);
  },
};

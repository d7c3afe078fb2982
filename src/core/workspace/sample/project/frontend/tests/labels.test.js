const assert = require('assert');
const { statusLabel, initials } = require('../src/labels');

module.exports = {
  'statusLabel names every status': () => {
    assert.strictEqual(statusLabel('in_progress'), 'In progress');
    assert.strictEqual(statusLabel('archived'), 'Unknown');
  },
  'initials takes the first two words': () => {
    assert.strictEqual(initials('Priya Patel'), 'PP');
    assert.strictEqual(initials('jean-luc picard'), 'JL');
    assert.strictEqual(initials(''), '');
  },
};

// A small test runner: loads every *.test.js here and runs its exported tests (async ones too).
const fs = require('fs');
const path = require('path');

async function main() {
  const files = fs.readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort();
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    console.log(file);
    const tests = require(path.join(__dirname, file));
    for (const [name, test] of Object.entries(tests)) {
      try {
        await test();
        passed += 1;
        console.log('  ✓ ' + name);
      } catch (error) {
        failed += 1;
        console.log('  ✗ ' + name);
        console.error('    ' + String(error.message).split('\n').join('\n    '));
      }
    }
  }
  console.log('');
  console.log(passed + ' passing, ' + failed + ' failing');
  if (failed > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

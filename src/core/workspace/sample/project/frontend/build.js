// Builds the front end's plain modules into dist/: each file of src/ that is JavaScript, with a
// header naming the version, and an index listing them.
const fs = require('fs');
const path = require('path');

const version = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')).version;
const source = path.join(__dirname, 'src');
const output = path.join(__dirname, 'dist');
fs.mkdirSync(output, { recursive: true });

const built = [];
for (const name of fs.readdirSync(source).sort()) {
  if (!name.endsWith('.js')) continue;
  const text = fs.readFileSync(path.join(source, name), 'utf8');
  fs.writeFileSync(path.join(output, name), `/* acme-tasks-frontend ${version} */\n${text}`);
  built.push(name);
}
fs.writeFileSync(path.join(output, 'index.json'), JSON.stringify({ version, files: built }, null, 2) + '\n');
console.log(`built ${built.length} modules into dist/: ${built.join(', ')}`);

// Prints how the API front end would start: node app.js (NODE_ENV and PORT from the environment).
const config = require('./config.json');

const environment = process.env.NODE_ENV || 'development';
const port = Number(process.env.PORT || config.app.port);

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('Invalid PORT: ' + process.env.PORT + ' (expected 1-65535)');
  process.exit(1);
}

console.log('Server configured for ' + environment + ' on port ' + port);
console.log('App ' + config.app.name + ', log level ' + (environment === 'production' ? 'Warning' : config.app.logLevel));

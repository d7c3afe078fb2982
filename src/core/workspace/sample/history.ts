/**
 * The sample project's git history: 20 commits by three people over six weeks, replayed with fixed
 * timestamps so every build yields the same commit ids. Earlier versions of a file are derived from
 * its final text (./files.ts) by small, named edits.
 */
import { SUBMODULE_FILES } from './files';
import { edit, files, final, version, withoutBlock, withoutLine } from './file-edits';

interface SampleAuthor {
  name: string;
  email: string;
  /** Minutes, as Date.getTimezoneOffset gives them (UTC+1 → -60). */
  timezoneOffset: number;
}

const JANE: SampleAuthor = { name: 'Jane Doe', email: 'jane@example.com', timezoneOffset: -60 };
const JOHN: SampleAuthor = { name: 'John Smith', email: 'john@example.com', timezoneOffset: 300 };
const PRIYA: SampleAuthor = { name: 'Priya Patel', email: 'priya@example.com', timezoneOffset: -330 };

export interface SampleCommit {
  author: SampleAuthor;
  /** ISO date and time in UTC. */
  date: string;
  message: string;
  /** Path → new content; null deletes the file. */
  changes: Record<string, string | null>;
}

const packageVersion = (value: string) => (text: string) => edit(text, '"version": "0.4.0"', `"version": "${value}"`);
// Until the last commit the front end's tests ran with vitest and app.js was a static server.
const vitestTests = (text: string) => edit(text, '"test": "node tests/run.js"', '"test": "vitest run"');

/** app.js as it was before the last commit: a static server for the built front end. */
const STATIC_SERVER_APP = `// Tiny static server for the built front end: node app.js (PORT and NODE_ENV from the environment).
const http = require('http');
const fs = require('fs');
const path = require('path');

const port = Number(process.env.PORT || 3000);
const root = path.join(__dirname, 'frontend', 'dist');

const server = http.createServer((request, response) => {
  const file = path.join(root, request.url === '/' ? 'index.html' : request.url);
  if (!file.startsWith(root)) {
    response.writeHead(403).end();
    return;
  }
  fs.readFile(file, (error, content) => {
    if (error) {
      response.writeHead(404).end('Not found');
      return;
    }
    response.writeHead(200).end(content);
  });
});

server.listen(port, () => console.log('acme-tasks listening on port ' + port + ' (' + (process.env.NODE_ENV || 'development') + ')'));
`;

// src/main.cs grows over five commits (git_log's path filter has something to show).
const reminderFinal = final('src/main.cs');
const reminderV4 = edit(reminderFinal, 'TimeSpan.FromHours(24)', 'TimeSpan.FromHours(48)');
const reminderV3 = edit(reminderV4, 'TimeSpan.FromMinutes(15)', 'TimeSpan.FromHours(1)');
const reminderV2 = edit(
  reminderV3,
  `            try
            {
                await SendRemindersAsync();
            }
            catch (Exception exception)
            {
                _logger.LogError(exception, "Reminder run failed; retrying in {Interval}", Interval);
            }
`,
  `            await SendRemindersAsync();
`,
);
const reminderV1 = edit(reminderV2, 'task.Status != "done" && ', '');

const programWithoutTasks = withoutLine(
  withoutBlock(final('src/Program.cs'), 'private static void MapTaskRoutes', '    }'),
  'MapTaskRoutes(app);',
);
const programV2 = edit(
  edit(
    edit(programWithoutTasks, '        app.UseMiddleware<ErrorHandlingMiddleware>();\n', ''),
    'using Acme.Tasks.Middleware;\n',
    '',
  ),
  '        services.AddScoped<TaskService>();\n',
  '',
);
const programV1 = edit(
  withoutLine(withoutBlock(programV2, 'private static void MapAuthRoutes', '    }'), 'MapAuthRoutes(app);'),
  '        services.AddScoped<AuthService>();\n',
  '',
);

const userModelV1 = withoutBlock(final('src/Models/User.cs'), 'PasswordHash', '    public bool IsLocked { get; set; }');
const userFactoryV1 = withoutBlock(
  final('tests/Helpers/UserFactory.cs'),
  'public static (AuthService Auth, User User) CreateAuth',
  '    }',
);
const userServiceTestsV1 = edit(
  final('tests/UserServiceTests.cs'),
  '\n    [Fact]\n    public async Task DeleteUser_ReturnsFalseForUnknownUser()\n    {\n        var service = UserFactory.CreateService();\n\n        Assert.False(await service.DeleteUserAsync(404));\n    }\n',
  '',
);
const config = final('config.json');
const configV1 = config.slice(0, config.indexOf('  },\n  "auth"')) + '  }\n}\n';

export const SAMPLE_HISTORY: SampleCommit[] = [
  {
    author: JANE,
    date: '2024-02-05T09:12:00Z',
    message: 'chore: initial project skeleton',
    changes: {
      ...files('.editorconfig', 'AcmeTasks.csproj', 'OldClass.cs', 'tsconfig.json', 'temp.txt'),
      'README.md': '# Acme Tasks\n\nA small task-tracking service. Work in progress.\n',
      '.gitignore': edit(final('.gitignore'), '# Vendored library with its own repository\n/submodule/\n\n', ''),
      'package.json': version('package.json', packageVersion('0.1.0')),
    },
  },
  {
    author: JANE,
    date: '2024-02-06T14:40:00Z',
    message: 'feat: add user model and repository',
    changes: { 'src/Models/User.cs': userModelV1, ...files('src/Data/UserRepository.cs') },
  },
  {
    author: JOHN,
    date: '2024-02-08T16:05:00Z',
    message:
      'feat: add DbContext with connection pooling\n\nConnections are borrowed per call from a bounded pool (20 by default).',
    changes: {
      ...files('src/infrastructure/DbContext.cs', 'src/infrastructure/ConnectionPool.cs'),
      'config.json': configV1,
    },
  },
  {
    author: JANE,
    date: '2024-02-09T10:30:00Z',
    message: 'feat: add UserService with input validation',
    changes: {
      ...files('src/Services/UserService.cs', 'src/UserService.cs'),
      'tests/UserServiceTests.cs': userServiceTestsV1,
      'tests/Helpers/UserFactory.cs': userFactoryV1,
    },
  },
  {
    author: JOHN,
    date: '2024-02-12T15:20:00Z',
    message: 'feat: minimal API with health and user routes',
    changes: { 'src/Program.cs': programV1 },
  },
  {
    author: PRIYA,
    date: '2024-02-14T07:45:00Z',
    message: 'feat: login with PBKDF2 password hashing and account lockout',
    changes: {
      ...files(
        'src/Services/AuthService.cs',
        'src/Services/PasswordHasher.cs',
        'src/Models/User.cs',
        'tests/AuthServiceTests.cs',
        'tests/Helpers/UserFactory.cs',
      ),
      'src/Program.cs': programV2,
    },
  },
  {
    author: JOHN,
    date: '2024-02-15T18:10:00Z',
    message: 'feat: tasks API and error handling middleware',
    changes: {
      ...files(
        'src/Models/TaskItem.cs',
        'src/Services/TaskService.cs',
        'src/Middleware/ErrorHandlingMiddleware.cs',
        'src/Program.cs',
      ),
      'data.txt': final('data.txt').split('\n').slice(0, 5).join('\n') + '\n',
    },
  },
  {
    author: PRIYA,
    date: '2024-02-19T06:30:00Z',
    message: 'feat: reminder worker for tasks due soon',
    changes: { 'src/main.cs': reminderV1 },
  },
  {
    author: JANE,
    date: '2024-02-20T11:00:00Z',
    message: 'ci: build and test on GitHub Actions',
    changes: files('.github/workflows/ci.yml'),
  },
  {
    author: JOHN,
    date: '2024-02-21T17:35:00Z',
    message: 'fix: skip completed tasks in reminders',
    changes: { 'src/main.cs': reminderV2 },
  },
  {
    author: JANE,
    date: '2024-02-23T13:15:00Z',
    message: 'feat: React front end with login form and task list',
    changes: {
      ...files(
        'frontend/src/App.tsx',
        'frontend/src/components/LoginForm.tsx',
        'frontend/src/components/TaskList.tsx',
        'frontend/src/App.test.tsx',
      ),
      'app.js': STATIC_SERVER_APP,
      'frontend/package.json': version('frontend/package.json', packageVersion('0.3.0'), vitestTests),
    },
  },
  {
    author: PRIYA,
    date: '2024-02-26T08:50:00Z',
    message: 'feat: TypeScript API client',
    changes: {
      ...files(
        'src/index.ts',
        'src/api/client.ts',
        'src/api/userService.ts',
        'src/utils/dates.ts',
        'src/utils/retry.ts',
      ),
      'package.json': version('package.json', packageVersion('0.3.0')),
    },
  },
  {
    author: JOHN,
    date: '2024-02-28T19:05:00Z',
    message: 'fix: keep the reminder worker alive when a run fails',
    changes: { 'src/main.cs': reminderV3 },
  },
  {
    author: JANE,
    date: '2024-03-01T10:20:00Z',
    message: 'refactor: move the legacy CSV importer to old/',
    changes: files('old/deprecated.cs'),
  },
  {
    author: PRIYA,
    date: '2024-03-04T09:40:00Z',
    message: 'feat: weekly report and seed scripts',
    changes: files(
      'scripts/__init__.py',
      'scripts/report.py',
      'scripts/utils.py',
      'scripts/seed_data.py',
      'tests/test_report.py',
      'data.txt',
    ),
  },
  {
    author: JOHN,
    date: '2024-03-06T16:55:00Z',
    message: 'perf: run reminders every 15 minutes',
    changes: { 'src/main.cs': reminderV4, ...files('config.json') },
  },
  {
    author: JANE,
    date: '2024-03-08T12:05:00Z',
    message: 'docs: architecture notes, README layout and release checklist',
    changes: files('docs/architecture.md', 'README.md', 'file.txt', '.env.example', 'temp/file.txt', 'final/file.txt'),
  },
  {
    author: PRIYA,
    date: '2024-03-11T07:25:00Z',
    message: 'test: user factory and DbContext integration test',
    changes: files('tests/UserTests.cs', 'tests/Integration/DbContextTests.cs', 'tests/UserServiceTests.cs'),
  },
  {
    author: JOHN,
    date: '2024-03-13T20:15:00Z',
    message: 'feat: remind 24 hours before the due date',
    changes: { 'src/main.cs': reminderFinal },
  },
  {
    author: JANE,
    date: '2024-03-15T15:00:00Z',
    message: 'chore: release 0.4.0',
    changes: {
      ...files('package.json', '.gitignore'),
      'frontend/package.json': version('frontend/package.json', vitestTests),
    },
  },
  {
    author: PRIYA,
    date: '2024-03-18T09:30:00Z',
    message: 'test: front-end utilities tested with plain node; app.js prints its configuration',
    changes: files(
      'app.js',
      'frontend/build.js',
      'frontend/package.json',
      'frontend/src/labels.js',
      'frontend/src/taskStats.js',
      'frontend/tests/labels.test.js',
      'frontend/tests/run.js',
      'frontend/tests/taskStats.test.js',
    ),
  },
];

/** Commits of the nested repository in `submodule/`. */
export const SUBMODULE_HISTORY: SampleCommit[] = [
  {
    author: PRIYA,
    date: '2024-01-22T08:00:00Z',
    message: 'Initial import of string helpers',
    changes: { 'README.md': SUBMODULE_FILES['README.md']! },
  },
  {
    author: PRIYA,
    date: '2024-01-23T10:30:00Z',
    message: 'Add slugify and truncate',
    changes: { 'strings.ts': SUBMODULE_FILES['strings.ts']! },
  },
];

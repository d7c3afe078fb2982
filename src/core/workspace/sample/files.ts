// The sample project "acme-tasks" as it stands at its last commit (see ./history.ts for how it got there).
// Each file is chosen so the examples in schemas/acode work on a first visit; edit with care.

/** Workspace-relative path → content at HEAD. */
export const SAMPLE_FILES: Record<string, string> = {
  '.editorconfig': `root = true

[*]
charset = utf-8
end_of_line = lf
insert_final_newline = true
indent_style = space
indent_size = 4
trim_trailing_whitespace = true

[*.{ts,tsx,js,json,yml}]
indent_size = 2

[*.md]
trim_trailing_whitespace = false
`,
  '.env': `# Local development settings. FAKE values for the playground; never commit real secrets.
DATABASE_URL=postgres://acme:not-a-real-password@localhost:5432/acme_tasks
JWT_SIGNING_KEY=fake-signing-key-0000000000000000
SMTP_PASSWORD=fake-smtp-password
STRIPE_API_KEY=sk_test_FAKE_00000000000000000000
`,
  '.env.example': `# Copy to .env and fill in.
DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/acme_tasks
JWT_SIGNING_KEY=
SMTP_PASSWORD=
STRIPE_API_KEY=
`,
  '.github/workflows/ci.yml': `name: CI

on:
  push:
    branches: [main]
  pull_request:

jobs:
  dotnet:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-dotnet@v4
        with:
          dotnet-version: '8.0.x'
      - run: dotnet build
      - run: dotnet test --filter "Category!=Integration"

  frontend:
    runs-on: ubuntu-latest
    defaults:
      run:
        working-directory: frontend
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - run: npm test

  python:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: '3.12'
      - run: pip install pytest && python -m pytest tests
`,
  '.gitignore': `# Build output
bin/
obj/
dist/
node_modules/

# Local settings and secrets
.env
.env.local
*.pem

# Vendored library with its own repository
/submodule/

# Editors
.vs/
.vscode/
*.swp
`,
  'AcmeTasks.csproj': `<Project Sdk="Microsoft.NET.Sdk.Web">

  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
    <RootNamespace>Acme.Tasks</RootNamespace>
  </PropertyGroup>

  <ItemGroup>
    <PackageReference Include="Dapper" Version="2.1.35" />
    <PackageReference Include="Npgsql" Version="8.0.3" />
  </ItemGroup>

</Project>
`,
  'OldClass.cs': `namespace Acme.Tasks;

/// <summary>
/// Placeholder class from the project template; rename it when it gets a real purpose.
/// </summary>
public class OldClass
{
    public string Describe() => "OldClass from the project template";
}
`,
  'README.md': `# Acme Tasks

Acme Tasks is a small task-tracking service used to try out agent tools. It has a C# web API,
a TypeScript client library, a React front end and a few Python maintenance scripts.

## Layout

| Path | What it holds |
|---|---|
| \`src/Program.cs\` | ASP.NET minimal API: routes for users, tasks and health checks |
| \`src/Services/\` | \`UserService\`, \`AuthService\` and \`TaskService\` (business logic) |
| \`src/infrastructure/\` | \`DbContext\` and the database connection pool |
| \`src/api/\`, \`src/utils/\`, \`src/index.ts\` | TypeScript client for the API |
| \`frontend/\` | React front end (\`npm test\` runs its tests) |
| \`scripts/\` | Python scripts: seeding data and weekly reports |
| \`tests/\` | xUnit tests for the C# services |

## Getting started

\`\`\`bash
dotnet build
dotnet test
cd frontend && npm install && npm test
python3 scripts/report.py --week 12
\`\`\`

Copy \`.env.example\` to \`.env\` and fill in the values before running the API locally.

## Authentication

Users log in with an email and a password. \`AuthService.HandleLogin\` checks the password hash,
locks the account after five failed attempts and issues a session token that expires after
eight hours. See \`docs/architecture.md\` for the full flow.

## Contributing

Run the tests before opening a pull request. Commit messages follow the conventional commit
format (\`feat:\`, \`fix:\`, \`chore:\`, \`docs:\`, \`test:\`, \`refactor:\`).
`,
  'app.js': `// Prints how the API front end would start: node app.js (NODE_ENV and PORT from the environment).
const config = require('./config.json');

const environment = process.env.NODE_ENV || 'development';
const port = Number(process.env.PORT || config.app.port);

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('Invalid PORT: ' + process.env.PORT + ' (expected 1-65535)');
  process.exit(1);
}

console.log('Server configured for ' + environment + ' on port ' + port);
console.log('App ' + config.app.name + ', log level ' + (environment === 'production' ? 'Warning' : config.app.logLevel));
`,
  'config.json': `{
  "app": {
    "name": "acme-tasks",
    "port": 5080,
    "logLevel": "Information"
  },
  "database": {
    "host": "localhost",
    "port": 5432,
    "name": "acme_tasks",
    "pool": { "maxSize": 20, "idleTimeoutSeconds": 300 }
  },
  "auth": {
    "sessionHours": 8,
    "maxFailedAttempts": 5
  },
  "features": {
    "reminders": true,
    "softDelete": false
  }
}
`,
  'data.txt': `id,title,status,assignee,due
1,Set up CI,done,jane,2024-03-11
2,Fix login lockout,open,john,2024-03-19
3,Connection pool metrics,open,priya,2024-03-21
4,Write onboarding docs,in_progress,jane,2024-03-28
5,Soft-delete users,open,john,2024-04-02
6,Reminder e-mails,done,priya,2024-03-08
`,
  'docs/architecture.md': `# Architecture

## Request flow

1. \`ErrorHandlingMiddleware\` wraps every request and turns exceptions into JSON errors.
2. Routes in \`Program.cs\` call the services in \`src/Services/\`.
3. Services use repositories in \`src/Data/\`, which use \`DbContext\`.
4. \`DbContext\` borrows connections from \`ConnectionPool\` (at most 20 at once).

## Login

\`AuthService.HandleLogin\` looks the user up by email, verifies the PBKDF2 hash with
\`PasswordHasher.Verify\`, counts failed attempts (the account locks after five) and issues a
random session token valid for eight hours. \`HandleLogout\` forgets the token.

## Reminders

\`ReminderWorker\` (in \`src/main.cs\`) runs every 15 minutes and logs a reminder for each open
task due within 24 hours.
`,
  'file.txt': `Release checklist for acme-tasks

 1. Update the version in package.json and frontend/package.json
 2. Run dotnet build and fix every warning
 3. Run dotnet test
 4. Run the frontend tests (npm test in frontend/)
 5. Run python3 -m pytest tests
 6. Update CHANGELOG entries
 7. Check the .env.example lists every setting
 8. Review open TODO comments
 9. Tag the release (vX.Y.Z)
10. Build the front end (npm run build)
11. Deploy the API to staging
12. Smoke-test /health and /health/db
13. Log in as the demo user
14. Create, complete and delete a task
15. Check the reminder worker logs
16. Deploy to production
17. Announce the release in #acme-tasks
18. Close the milestone
19. Archive the release notes
20. Celebrate
`,
  'final/file.txt': `Release notes for 0.3.0:
- Tasks API
`,
  'frontend/package.json': `{
  "name": "acme-tasks-frontend",
  "version": "0.4.0",
  "private": true,
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "test": "node tests/run.js"
  },
  "dependencies": {
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  },
  "devDependencies": {
    "vite": "^5.2.0",
    "vitest": "^1.5.0"
  }
}
`,
  'frontend/src/App.test.tsx': `import React from 'react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('App', () => {
  it('is a component', () => {
    expect(typeof App).toBe('function');
    expect(React.isValidElement(<App />)).toBe(true);
  });
});
`,
  'frontend/src/App.tsx': `import React, { useState } from 'react';
import { LoginForm } from './components/LoginForm';
import { TaskList } from './components/TaskList';

export function App() {
  const [token, setToken] = useState<string | null>(null);
  if (!token) return <LoginForm onLoggedIn={setToken} />;
  return (
    <main>
      <h1>Acme Tasks</h1>
      <TaskList token={token} />
    </main>
  );
}
`,
  'frontend/src/components/LoginForm.tsx': `import React, { useState } from 'react';

interface LoginFormProps {
  onLoggedIn(token: string): void;
}

/** Email and password login; shows the server's error on failure. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const response = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) {
      setError('Invalid email or password.');
      return;
    }
    const { token } = await response.json();
    onLoggedIn(token);
  }

  return (
    <form onSubmit={handleSubmit}>
      <label>
        Email <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Password <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit">Log in</button>
    </form>
  );
}
`,
  'frontend/src/components/TaskList.tsx': `import React, { useEffect, useState } from 'react';

interface Task {
  id: number;
  title: string;
  status: string;
}

export function TaskList({ token }: { token: string }) {
  const [tasks, setTasks] = useState<Task[]>([]);

  useEffect(() => {
    fetch('/tasks', { headers: { Authorization: 'Bearer ' + token } })
      .then((response) => response.json())
      .then(setTasks)
      .catch(() => setTasks([]));
  }, [token]);

  return (
    <ul>
      {tasks.map((task) => (
        <li key={task.id}>
          {task.title} <small>{task.status}</small>
        </li>
      ))}
    </ul>
  );
}
`,
  'frontend/src/labels.js': `// Labels the task list shows: status names and assignee initials.
const STATUS_LABELS = { open: 'Open', in_progress: 'In progress', done: 'Done' };

function statusLabel(status) {
  return STATUS_LABELS[status] || 'Unknown';
}

function initials(name) {
  return String(name || '')
    .split(/[\\s-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase())
    .join('')
    .slice(0, 2);
}

module.exports = { statusLabel, initials };
`,
  'frontend/src/taskStats.js': `// Counts for the dashboard header, computed from the task list.
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
`,
  'frontend/tests/labels.test.js': `const assert = require('assert');
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
`,
  'frontend/tests/run.js': `// A small test runner: loads every *.test.js here and runs its exported tests (async ones too).
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
        console.error('    ' + String(error.message).split('\\n').join('\\n    '));
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
`,
  'frontend/tests/taskStats.test.js': `const assert = require('assert');
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
`,
  'old/deprecated.cs': `using System;

namespace Acme.Tasks.Legacy;

/// <summary>
/// Old task importer from the CSV era. Replaced by scripts/seed_data.py; kept until 0.5.
/// </summary>
[Obsolete("Use scripts/seed_data.py instead.")]
public static class CsvTaskImporter
{
    public static string[] ReadTitles(string csv) =>
        csv.Split('\\n', StringSplitOptions.RemoveEmptyEntries);
}
`,
  'package.json': `{
  "name": "acme-tasks",
  "version": "0.4.0",
  "private": true,
  "description": "Task tracking: C# API, TypeScript client, React front end",
  "main": "src/index.ts",
  "scripts": {
    "build": "tsc -p .",
    "test": "vitest run",
    "lint": "eslint src"
  },
  "devDependencies": {
    "typescript": "^5.4.5",
    "vitest": "^1.5.0"
  }
}
`,
  'scripts/__init__.py': `"""Maintenance scripts for Acme Tasks."""
`,
  'scripts/report.py': `"""Weekly task report: counts tasks by status and lists overdue ones.

Usage: python3 scripts/report.py --week 12 [--input data/tasks.json]
"""
import argparse
import datetime
import json
import sys
from collections import Counter

from scripts.utils import load_json, overdue


def week_of(iso_date):
    """ISO week number of a YYYY-MM-DD date."""
    return datetime.date.fromisoformat(iso_date).isocalendar()[1]


def summarize_tasks(tasks):
    """Number of tasks per status, as a plain dict."""
    return dict(Counter(task["status"] for task in tasks))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Weekly task report")
    parser.add_argument("--week", type=int, required=True, help="ISO week number")
    parser.add_argument("--input", default="data/tasks.json", help="tasks exported as JSON")
    args = parser.parse_args(argv)

    try:
        tasks = load_json(args.input)
    except FileNotFoundError:
        print(f"error: {args.input} not found; export tasks first", file=sys.stderr)
        return 1

    in_week = [task for task in tasks if task.get("due") and week_of(task["due"]) == args.week]
    print(f"Week {args.week}: {len(in_week)} tasks")
    for status, count in sorted(summarize_tasks(in_week).items()):
        print(f"  {status}: {count}")
    for task in overdue(in_week, datetime.date.today()):
        print(f"  overdue: {task['title']} (due {task['due']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
`,
  'scripts/seed_data.py': `"""Write a small set of demo tasks to data/tasks.json."""
import json
import os

DEMO_TASKS = [
    {"title": "Set up CI", "status": "done", "due": "2024-03-11"},
    {"title": "Fix login lockout", "status": "open", "due": "2024-03-19"},
    {"title": "Connection pool metrics", "status": "open", "due": "2024-03-21"},
    {"title": "Write onboarding docs", "status": "in_progress", "due": "2024-03-28"},
]


def main():
    os.makedirs("data", exist_ok=True)
    with open("data/tasks.json", "w", encoding="utf-8") as handle:
        json.dump(DEMO_TASKS, handle, indent=2)
    print(f"wrote {len(DEMO_TASKS)} tasks to data/tasks.json")


if __name__ == "__main__":
    main()
`,
  'scripts/utils.py': `"""Small helpers shared by the scripts."""
import datetime
import json


def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def overdue(tasks, today):
    """Tasks that are not done and whose due date is before today."""
    return [
        task
        for task in tasks
        if task.get("status") != "done"
        and task.get("due")
        and datetime.date.fromisoformat(task["due"]) < today
    ]
`,
  'src/Data/UserRepository.cs': `using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Models;

namespace Acme.Tasks.Data;

public interface IUserRepository
{
    Task<User?> FindByIdAsync(int id);
    Task<User?> FindByEmailAsync(string email);
    Task<IReadOnlyList<User>> ListAsync();
    Task AddAsync(User user);
    Task UpdateAsync(User user);
    Task RemoveAsync(User user);
}

public class UserRepository : IUserRepository
{
    private readonly DbContext _db;

    public UserRepository(DbContext db)
    {
        _db = db;
    }

    public async Task<User?> FindByIdAsync(int id) =>
        (await _db.QueryAsync<User>("SELECT * FROM users WHERE id = @id", new { id })).FirstOrDefault();

    public async Task<User?> FindByEmailAsync(string email) =>
        (await _db.QueryAsync<User>("SELECT * FROM users WHERE email = @email", new { email })).FirstOrDefault();

    public async Task<IReadOnlyList<User>> ListAsync() =>
        (await _db.QueryAsync<User>("SELECT * FROM users ORDER BY id")).ToList();

    public async Task AddAsync(User user) => user.Id = await _db.InsertAsync("users", user);

    public Task UpdateAsync(User user) =>
        _db.ExecuteAsync("UPDATE users SET failed_login_attempts = @FailedLoginAttempts, is_locked = @IsLocked WHERE id = @Id", user);

    public Task RemoveAsync(User user) => _db.ExecuteAsync("DELETE FROM users WHERE id = @Id", user);
}
`,
  'src/Middleware/ErrorHandlingMiddleware.cs': `using System;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks.Middleware;

/// <summary>
/// Error handling for every request: validation errors become 400, unknown errors 500 with a
/// correlation id, and the exception is logged once.
/// </summary>
public class ErrorHandlingMiddleware
{
    private readonly RequestDelegate _next;
    private readonly ILogger<ErrorHandlingMiddleware> _logger;

    public ErrorHandlingMiddleware(RequestDelegate next, ILogger<ErrorHandlingMiddleware> logger)
    {
        _next = next;
        _logger = logger;
    }

    public async Task InvokeAsync(HttpContext context)
    {
        try
        {
            await _next(context);
        }
        catch (ArgumentException exception)
        {
            context.Response.StatusCode = StatusCodes.Status400BadRequest;
            await context.Response.WriteAsJsonAsync(new { error = exception.Message });
        }
        catch (Exception exception)
        {
            var correlationId = Guid.NewGuid().ToString("N");
            _logger.LogError(exception, "Unhandled error {CorrelationId}", correlationId);
            context.Response.StatusCode = StatusCodes.Status500InternalServerError;
            await context.Response.WriteAsJsonAsync(new { error = "Internal server error", correlationId });
        }
    }
}
`,
  'src/Models/TaskItem.cs': `using System;

namespace Acme.Tasks.Models;

public class TaskItem
{
    public int Id { get; set; }
    public string Title { get; set; } = "";
    public string Status { get; set; } = "open";
    public int? AssigneeId { get; set; }
    public DateTime? DueDate { get; set; }
}
`,
  'src/Models/User.cs': `namespace Acme.Tasks.Models;

public class User
{
    public int Id { get; set; }
    public string Email { get; set; } = "";
    public string DisplayName { get; set; } = "";
    public string PasswordHash { get; set; } = "";
    public int FailedLoginAttempts { get; set; }
    public bool IsLocked { get; set; }
}
`,
  'src/Program.cs': `using System;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Infrastructure;
using Acme.Tasks.Middleware;
using Acme.Tasks.Models;
using Acme.Tasks.Services;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks;

/// <summary>
/// Entry point of the Acme Tasks web API.
/// </summary>
public static class Program
{
    public static async Task Main(string[] args)
    {
        var builder = WebApplication.CreateBuilder(args);
        ConfigureServices(builder.Services, builder.Configuration["Database:ConnectionString"]);

        var app = builder.Build();
        app.UseMiddleware<ErrorHandlingMiddleware>();
        MapHealthRoutes(app);
        MapAuthRoutes(app);
        MapUserRoutes(app);
        MapTaskRoutes(app);

        await app.RunAsync();
    }

    private static void ConfigureServices(IServiceCollection services, string? connectionString)
    {
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            throw new InvalidOperationException("Database:ConnectionString is not configured.");
        }

        services.AddSingleton(new ConnectionPool(connectionString, maxSize: 20));
        services.AddScoped<DbContext>();
        services.AddScoped<IUserRepository, UserRepository>();
        services.AddScoped<UserService>();
        services.AddScoped<AuthService>();
        services.AddScoped<TaskService>();
        services.AddLogging(logging => logging.AddConsole());
    }

    private static void MapHealthRoutes(WebApplication app)
    {
        app.MapGet("/health", () => Results.Ok(new { status = "ok", time = DateTime.UtcNow }));

        app.MapGet("/health/db", async (DbContext db) =>
        {
            var healthy = await db.PingAsync();
            return healthy ? Results.Ok(new { database = "ok" }) : Results.StatusCode(503);
        });
    }

    private static void MapAuthRoutes(WebApplication app)
    {
        app.MapPost("/auth/login", async (LoginRequest request, AuthService auth) =>
        {
            var result = await auth.HandleLogin(request.Email, request.Password);
            return result.Succeeded
                ? Results.Ok(new { token = result.Token, expiresAt = result.ExpiresAt })
                : Results.Unauthorized();
        });

        app.MapPost("/auth/logout", async (HttpContext context, AuthService auth) =>
        {
            var token = context.Request.Headers.Authorization.ToString().Replace("Bearer ", "");
            await auth.HandleLogout(token);
            return Results.NoContent();
        });
    }

    private static void MapUserRoutes(WebApplication app)
    {
        app.MapGet("/users", async (UserService users) => Results.Ok(await users.ListUsersAsync()));

        app.MapGet("/users/{id:int}", async (int id, UserService users) =>
        {
            var user = await users.GetUserAsync(id);
            return user is null ? Results.NotFound() : Results.Ok(user);
        });

        app.MapPost("/users", async (CreateUserRequest request, UserService users) =>
        {
            var user = await users.CreateUserAsync(request.Email, request.DisplayName);
            return Results.Created($"/users/{user.Id}", user);
        });

        app.MapDelete("/users/{id:int}", async (int id, UserService users) =>
        {
            // TODO: soft-delete users and keep their tasks for the audit log
            var deleted = await users.DeleteUserAsync(id);
            return deleted ? Results.NoContent() : Results.NotFound();
        });
    }

    private static void MapTaskRoutes(WebApplication app)
    {
        app.MapGet("/tasks", async (TaskService tasks, string? status) =>
        {
            var all = await tasks.ListTasksAsync();
            var filtered = status is null ? all : all.Where(task => task.Status == status).ToList();
            return Results.Ok(filtered);
        });

        app.MapPost("/tasks", async (CreateTaskRequest request, TaskService tasks) =>
        {
            var task = await tasks.CreateTaskAsync(request.Title, request.AssigneeId, request.DueDate);
            return Results.Created($"/tasks/{task.Id}", task);
        });

        app.MapPut("/tasks/{id:int}/complete", async (int id, TaskService tasks) =>
        {
            var completed = await tasks.CompleteTaskAsync(id);
            return completed ? Results.NoContent() : Results.NotFound();
        });
    }
}

public record LoginRequest(string Email, string Password);

public record CreateUserRequest(string Email, string DisplayName);

public record CreateTaskRequest(string Title, int? AssigneeId, DateTime? DueDate);
`,
  'src/Services/AuthService.cs': `using System;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Models;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks.Services;

/// <summary>
/// User authentication: login with email and password, session tokens, logout and lockout.
/// </summary>
public class AuthService
{
    public const int MaxFailedAttempts = 5;
    public static readonly TimeSpan SessionLifetime = TimeSpan.FromHours(8);

    private readonly IUserRepository _users;
    private readonly ILogger<AuthService> _logger;
    private readonly ConcurrentDictionary<string, Session> _sessions = new();

    public AuthService(IUserRepository users, ILogger<AuthService> logger)
    {
        _users = users;
        _logger = logger;
    }

    /// <summary>
    /// Handle a login attempt: verify the password hash, count failures and issue a session token.
    /// </summary>
    public async Task<LoginResult> HandleLogin(string email, string password)
    {
        var user = await _users.FindByEmailAsync(email);
        if (user is null || user.IsLocked)
        {
            _logger.LogWarning("Login refused for {Email}", email);
            return LoginResult.Failed("Invalid email or password.");
        }

        if (!PasswordHasher.Verify(password, user.PasswordHash))
        {
            user.FailedLoginAttempts++;
            if (user.FailedLoginAttempts >= MaxFailedAttempts)
            {
                user.IsLocked = true;
                _logger.LogWarning("Account {UserId} locked after {Attempts} failed logins", user.Id, user.FailedLoginAttempts);
            }

            await _users.UpdateAsync(user);
            return LoginResult.Failed("Invalid email or password.");
        }

        user.FailedLoginAttempts = 0;
        await _users.UpdateAsync(user);

        var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));
        var session = new Session(user.Id, DateTime.UtcNow.Add(SessionLifetime));
        _sessions[token] = session;
        return LoginResult.Success(token, session.ExpiresAt);
    }

    public Task HandleLogout(string token)
    {
        _sessions.TryRemove(token, out _);
        return Task.CompletedTask;
    }

    public bool IsAuthenticated(string token) =>
        _sessions.TryGetValue(token, out var session) && session.ExpiresAt > DateTime.UtcNow;

    private sealed record Session(int UserId, DateTime ExpiresAt);
}

public sealed record LoginResult(bool Succeeded, string? Token, DateTime? ExpiresAt, string? Error)
{
    public static LoginResult Success(string token, DateTime expiresAt) => new(true, token, expiresAt, null);

    public static LoginResult Failed(string error) => new(false, null, null, error);
}
`,
  'src/Services/PasswordHasher.cs': `using System;
using System.Security.Cryptography;

namespace Acme.Tasks.Services;

/// <summary>
/// PBKDF2 password hashing ("iterations.salt.hash", all base64).
/// </summary>
public static class PasswordHasher
{
    private const int Iterations = 100_000;
    private const int SaltSize = 16;
    private const int HashSize = 32;

    public static string Hash(string password)
    {
        var salt = RandomNumberGenerator.GetBytes(SaltSize);
        var hash = Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA256, HashSize);
        return $"{Iterations}.{Convert.ToBase64String(salt)}.{Convert.ToBase64String(hash)}";
    }

    public static bool Verify(string password, string stored)
    {
        var parts = stored.Split('.');
        if (parts.Length != 3 || !int.TryParse(parts[0], out var iterations))
        {
            return false;
        }

        var salt = Convert.FromBase64String(parts[1]);
        var expected = Convert.FromBase64String(parts[2]);
        var actual = Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, HashAlgorithmName.SHA256, expected.Length);
        return CryptographicOperations.FixedTimeEquals(actual, expected);
    }
}
`,
  'src/Services/TaskService.cs': `using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Models;

namespace Acme.Tasks.Services;

public class TaskService
{
    private readonly DbContext _db;

    public TaskService(DbContext db)
    {
        _db = db;
    }

    public async Task<IReadOnlyList<TaskItem>> ListTasksAsync()
    {
        var tasks = await _db.QueryAsync<TaskItem>("SELECT * FROM tasks ORDER BY due_date");
        return tasks.ToList();
    }

    public async Task<TaskItem> CreateTaskAsync(string title, int? assigneeId, DateTime? dueDate)
    {
        if (string.IsNullOrWhiteSpace(title))
        {
            throw new ArgumentException("Title is required.", nameof(title));
        }

        var task = new TaskItem { Title = title.Trim(), AssigneeId = assigneeId, DueDate = dueDate, Status = "open" };
        task.Id = await _db.InsertAsync("tasks", task);
        return task;
    }

    public async Task<bool> CompleteTaskAsync(int id)
    {
        // TODO: record who completed the task once sessions carry the user id
        var changed = await _db.ExecuteAsync("UPDATE tasks SET status = 'done' WHERE id = @id", new { id });
        return changed == 1;
    }
}
`,
  'src/Services/UserService.cs': `using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Models;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks.Services;

/// <summary>
/// Creates, finds and removes users. Validation rules live in UserService.Validation (src/UserService.cs).
/// </summary>
public partial class UserService
{
    private readonly IUserRepository _repository;
    private readonly ILogger<UserService> _logger;

    public UserService(IUserRepository repository, ILogger<UserService> logger)
    {
        _repository = repository;
        _logger = logger;
    }

    public Task<User?> GetUserAsync(int id) =>
        _repository.FindByIdAsync(id);

    public async Task<IReadOnlyList<User>> ListUsersAsync()
    {
        var users = await _repository.ListAsync();
        _logger.LogDebug("Listed {Count} users", users.Count);
        return users;
    }

    public async Task<User> CreateUserAsync(string email, string displayName)
    {
        ValidateEmail(email);
        ValidateDisplayName(displayName);

        var existing = await _repository.FindByEmailAsync(email);
        if (existing is not null)
        {
            throw new InvalidOperationException($"A user with email {email} already exists.");
        }

        var user = new User { Email = email.Trim().ToLowerInvariant(), DisplayName = displayName.Trim() };
        await _repository.AddAsync(user);
        _logger.LogInformation("Created user {UserId}", user.Id);
        return user;
    }

    public async Task<bool> DeleteUserAsync(int id)
    {
        var user = await _repository.FindByIdAsync(id);
        if (user is null)
        {
            return false;
        }

        await _repository.RemoveAsync(user);
        _logger.LogInformation("Deleted user {UserId}", id);
        return true;
    }
}
`,
  'src/UserService.cs': `using System;
using System.Text.RegularExpressions;

namespace Acme.Tasks.Services;

/// <summary>
/// Input validation for <see cref="UserService"/>.
/// </summary>
public partial class UserService
{
    private static readonly Regex EmailPattern = new(@"^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", RegexOptions.Compiled);

    public const int MaxDisplayNameLength = 80;

    internal static void ValidateEmail(string email)
    {
        if (!EmailPattern.IsMatch(email))
        {
            throw new ArgumentException($"'{email}' is not a valid email address.", nameof(email));
        }
    }

    internal static void ValidateDisplayName(string displayName)
    {
        if (displayName.Trim().Length == 0)
        {
            throw new ArgumentException("Display name must not be empty.", nameof(displayName));
        }

        if (displayName.Length > MaxDisplayNameLength)
        {
            throw new ArgumentException($"Display name must be at most {MaxDisplayNameLength} characters.", nameof(displayName));
        }
    }
}
`,
  'src/api/client.ts': `/** Minimal fetch wrapper: JSON in and out, bearer token, and typed errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ApiClient {
  private token: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async login(email: string, password: string): Promise<void> {
    const result = await this.request<{ token: string }>('POST', '/auth/login', { email, password });
    this.token = result.token;
  }

  logout(): Promise<void> {
    const done = this.request<void>('POST', '/auth/logout');
    this.token = null;
    return done;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.token) headers.Authorization = 'Bearer ' + this.token;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      // Error handling: surface the server's message when it sends one.
      const text = await response.text();
      throw new ApiError(response.status, text || response.statusText);
    }
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  }
}
`,
  'src/api/userService.ts': `import { ApiClient } from './client';

export interface User {
  id: number;
  email: string;
  displayName: string;
}

export interface CreateUserInput {
  email: string;
  displayName: string;
}

/** Client-side counterpart of the C# UserService. */
export class UserService {
  constructor(private readonly client: ApiClient) {}

  listUsers(): Promise<User[]> {
    return this.client.request<User[]>('GET', '/users');
  }

  getUser(id: number): Promise<User> {
    return this.client.request<User>('GET', '/users/' + id);
  }

  createUser(input: CreateUserInput): Promise<User> {
    // TODO: validate the email here too, to save a round trip
    return this.client.request<User>('POST', '/users', input);
  }

  deleteUser(id: number): Promise<void> {
    return this.client.request<void>('DELETE', '/users/' + id);
  }
}
`,
  'src/index.ts': `// Public entry point of the TypeScript client for the Acme Tasks API.
export { ApiClient, ApiError } from './api/client';
export { UserService } from './api/userService';
export type { User, CreateUserInput } from './api/userService';
export { formatDueDate, isOverdue } from './utils/dates';
export { retry } from './utils/retry';
`,
  'src/infrastructure/ConnectionPool.cs': `using System;
using System.Collections.Concurrent;
using System.Data.Common;
using System.Threading;
using System.Threading.Tasks;
using Npgsql;

namespace Acme.Tasks.Infrastructure;

/// <summary>
/// A bounded database connection pool. Connections are opened lazily, reused after each lease
/// and limited to <c>maxSize</c> at once; callers wait when the pool is exhausted.
/// </summary>
public sealed class ConnectionPool : IAsyncDisposable
{
    private readonly string _connectionString;
    private readonly SemaphoreSlim _slots;
    private readonly ConcurrentBag<DbConnection> _idle = new();

    public ConnectionPool(string connectionString, int maxSize)
    {
        _connectionString = connectionString;
        _slots = new SemaphoreSlim(maxSize, maxSize);
    }

    public async Task<Lease> RentAsync(CancellationToken cancellationToken = default)
    {
        await _slots.WaitAsync(cancellationToken);
        if (!_idle.TryTake(out var connection))
        {
            connection = new NpgsqlConnection(_connectionString);
            await connection.OpenAsync(cancellationToken);
        }

        return new Lease(this, connection);
    }

    private void Return(DbConnection connection)
    {
        _idle.Add(connection);
        _slots.Release();
    }

    public async ValueTask DisposeAsync()
    {
        while (_idle.TryTake(out var connection))
        {
            await connection.DisposeAsync();
        }
    }

    public sealed class Lease : IAsyncDisposable
    {
        private readonly ConnectionPool _pool;

        internal Lease(ConnectionPool pool, DbConnection connection)
        {
            _pool = pool;
            Connection = connection;
        }

        public DbConnection Connection { get; }

        public ValueTask DisposeAsync()
        {
            _pool.Return(Connection);
            return ValueTask.CompletedTask;
        }
    }
}
`,
  'src/infrastructure/DbContext.cs': `using System;
using System.Collections.Generic;
using System.Data.Common;
using System.Linq;
using System.Threading.Tasks;
using Dapper;

namespace Acme.Tasks.Data;

/// <summary>
/// Thin database access over pooled connections: every call borrows a connection from the
/// <see cref="Acme.Tasks.Infrastructure.ConnectionPool"/> and returns it when done.
/// </summary>
public class DbContext
{
    private readonly Infrastructure.ConnectionPool _pool;

    public DbContext(Infrastructure.ConnectionPool pool)
    {
        _pool = pool;
    }

    public async Task<IEnumerable<T>> QueryAsync<T>(string sql, object? parameters = null)
    {
        await using var lease = await _pool.RentAsync();
        return await lease.Connection.QueryAsync<T>(sql, parameters);
    }

    public async Task<int> ExecuteAsync(string sql, object? parameters = null)
    {
        await using var lease = await _pool.RentAsync();
        return await lease.Connection.ExecuteAsync(sql, parameters);
    }

    public async Task<int> InsertAsync(string table, object row)
    {
        await using var lease = await _pool.RentAsync();
        var columns = string.Join(", ", row.GetType().GetProperties().Select(property => property.Name));
        var values = string.Join(", ", row.GetType().GetProperties().Select(property => "@" + property.Name));
        return await lease.Connection.ExecuteScalarAsync<int>($"INSERT INTO {table} ({columns}) VALUES ({values}) RETURNING id", row);
    }

    public async Task<bool> PingAsync()
    {
        try
        {
            await using var lease = await _pool.RentAsync();
            return await lease.Connection.ExecuteScalarAsync<int>("SELECT 1") == 1;
        }
        catch (DbException)
        {
            return false;
        }
    }
}
`,
  'src/main.cs': `using System;
using System.Threading;
using System.Threading.Tasks;
using Acme.Tasks.Services;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks.Worker;

/// <summary>
/// Background worker: sends reminders for tasks that are due soon.
/// </summary>
public class ReminderWorker
{
    private static readonly TimeSpan Interval = TimeSpan.FromMinutes(15);
    private static readonly TimeSpan ReminderWindow = TimeSpan.FromHours(24);

    private readonly TaskService _tasks;
    private readonly ILogger<ReminderWorker> _logger;

    public ReminderWorker(TaskService tasks, ILogger<ReminderWorker> logger)
    {
        _tasks = tasks;
        _logger = logger;
    }

    public async Task RunAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                await SendRemindersAsync();
            }
            catch (Exception exception)
            {
                _logger.LogError(exception, "Reminder run failed; retrying in {Interval}", Interval);
            }

            await Task.Delay(Interval, stoppingToken);
        }
    }

    private async Task SendRemindersAsync()
    {
        var now = DateTime.UtcNow;
        foreach (var task in await _tasks.ListTasksAsync())
        {
            if (task.Status != "done" && task.DueDate is { } due && due > now && due - now <= ReminderWindow)
            {
                _logger.LogInformation("Reminder: task {TaskId} '{Title}' is due at {Due}", task.Id, task.Title, due);
            }
        }
    }
}
`,
  'src/utils/dates.ts': `/** Dates as the UI shows them: "Mar 18" this year, "Mar 18, 2023" otherwise. */
export function formatDueDate(due: Date, today: Date = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (due.getFullYear() !== today.getFullYear()) options.year = 'numeric';
  return due.toLocaleDateString('en-US', options);
}

export function isOverdue(due: Date | null, done: boolean, today: Date = new Date()): boolean {
  return !done && due !== null && due.getTime() < today.getTime();
}
`,
  'src/utils/retry.ts': `/** Retry an async operation with exponential backoff; rethrows the last error. */
export async function retry<T>(operation: () => Promise<T>, attempts = 3, delayMs = 200): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** attempt));
    }
  }
  throw lastError;
}
`,
  'temp.txt': `scratch notes - safe to delete
`,
  'temp/file.txt': `Draft release notes for 0.4.0:
- Login lockout after five failed attempts
- Reminder worker for tasks due within 24 hours
`,
  'tests/AuthServiceTests.cs': `using System.Threading.Tasks;
using Acme.Tasks.Services;
using Acme.Tasks.Tests.Helpers;
using Xunit;

namespace Acme.Tasks.Tests;

public class AuthServiceTests
{
    [Fact]
    public async Task HandleLogin_WithCorrectPassword_IssuesToken()
    {
        var (auth, _) = UserFactory.CreateAuth("ada@example.com", "correct horse battery staple");

        var result = await auth.HandleLogin("ada@example.com", "correct horse battery staple");

        Assert.True(result.Succeeded);
        Assert.NotNull(result.Token);
    }

    [Fact]
    public async Task HandleLogin_LocksAccountAfterFiveFailures()
    {
        var (auth, user) = UserFactory.CreateAuth("ada@example.com", "secret");

        for (var attempt = 0; attempt < AuthService.MaxFailedAttempts; attempt++)
        {
            await auth.HandleLogin("ada@example.com", "wrong");
        }

        Assert.True(user.IsLocked);
    }
}
`,
  'tests/Helpers/UserFactory.cs': `using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Models;
using Acme.Tasks.Services;
using Microsoft.Extensions.Logging.Abstractions;

namespace Acme.Tasks.Tests.Helpers;

public static class UserFactory
{
    public static User Create(string email, string displayName = "Test User") =>
        new() { Email = email, DisplayName = displayName };

    public static UserService CreateService(IEnumerable<string>? existingEmails = null)
    {
        var repository = new InMemoryUserRepository();
        foreach (var email in existingEmails ?? Enumerable.Empty<string>())
        {
            repository.AddAsync(Create(email)).GetAwaiter().GetResult();
        }

        return new UserService(repository, NullLogger<UserService>.Instance);
    }

    public static (AuthService Auth, User User) CreateAuth(string email, string password)
    {
        var repository = new InMemoryUserRepository();
        var user = Create(email);
        user.PasswordHash = PasswordHasher.Hash(password);
        repository.AddAsync(user).GetAwaiter().GetResult();
        return (new AuthService(repository, NullLogger<AuthService>.Instance), user);
    }
}

internal sealed class InMemoryUserRepository : IUserRepository
{
    private readonly List<User> _users = new();

    public Task<User?> FindByIdAsync(int id) => Task.FromResult(_users.FirstOrDefault(user => user.Id == id));

    public Task<User?> FindByEmailAsync(string email) => Task.FromResult(_users.FirstOrDefault(user => user.Email == email));

    public Task<IReadOnlyList<User>> ListAsync() => Task.FromResult<IReadOnlyList<User>>(_users.ToList());

    public Task AddAsync(User user)
    {
        user.Id = _users.Count + 1;
        _users.Add(user);
        return Task.CompletedTask;
    }

    public Task UpdateAsync(User user) => Task.CompletedTask;

    public Task RemoveAsync(User user)
    {
        _users.Remove(user);
        return Task.CompletedTask;
    }
}
`,
  'tests/Integration/DbContextTests.cs': `using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Infrastructure;
using Xunit;

namespace Acme.Tasks.Tests.Integration;

[Trait("Category", "Integration")]
public class DbContextTests
{
    private const string ConnectionString = "Host=localhost;Database=acme_tasks_test;Username=acme;Password=acme";

    [Fact(Skip = "Needs a local PostgreSQL; run with docker compose up db")]
    public async Task Ping_ReturnsTrue_WhenDatabaseIsUp()
    {
        await using var pool = new ConnectionPool(ConnectionString, maxSize: 2);
        var db = new DbContext(pool);

        Assert.True(await db.PingAsync());
    }
}
`,
  'tests/UserServiceTests.cs': `using System;
using System.Threading.Tasks;
using Acme.Tasks.Services;
using Acme.Tasks.Tests.Helpers;
using Xunit;

namespace Acme.Tasks.Tests;

public class UserServiceTests
{
    [Theory]
    [InlineData("not-an-email")]
    [InlineData("missing@tld")]
    [InlineData("")]
    public void ValidateEmail_RejectsInvalidAddresses(string email)
    {
        Assert.Throws<ArgumentException>(() => UserService.ValidateEmail(email));
    }

    [Fact]
    public void ValidateDisplayName_RejectsTooLongNames()
    {
        var name = new string('x', UserService.MaxDisplayNameLength + 1);
        Assert.Throws<ArgumentException>(() => UserService.ValidateDisplayName(name));
    }

    [Fact]
    public async Task CreateUser_RejectsDuplicateEmail()
    {
        var service = UserFactory.CreateService(existingEmails: new[] { "ada@example.com" });

        await Assert.ThrowsAsync<InvalidOperationException>(() => service.CreateUserAsync("ada@example.com", "Ada"));
    }

    [Fact]
    public async Task DeleteUser_ReturnsFalseForUnknownUser()
    {
        var service = UserFactory.CreateService();

        Assert.False(await service.DeleteUserAsync(404));
    }
}
`,
  'tests/UserTests.cs': `using System.Threading.Tasks;
using Acme.Tasks.Models;
using Acme.Tasks.Tests.Helpers;
using Xunit;

namespace Acme.Tasks.Tests;

public class UserTests
{
    [Fact]
    public void NewUser_IsNotLocked()
    {
        // Arrange

        var user = UserFactory.Create("ada@example.com");

        // Assert
        Assert.False(user.IsLocked);
        Assert.Equal(0, user.FailedLoginAttempts);
    }

    [Fact]
    public async Task CreateUser_NormalizesEmail()
    {
        var service = UserFactory.CreateService();

        var user = await service.CreateUserAsync("  Ada@Example.COM ", "Ada");

        Assert.Equal("ada@example.com", user.Email);
    }
}
`,
  'tests/test_report.py': `"""Tests for scripts/report.py (run with: python3 -m pytest tests)."""
from scripts.report import summarize_tasks, week_of


def test_summarize_counts_by_status():
    tasks = [
        {"title": "Write docs", "status": "done"},
        {"title": "Fix login", "status": "open"},
        {"title": "Review PR", "status": "open"},
    ]
    assert summarize_tasks(tasks) == {"done": 1, "open": 2}


def test_week_of_iso_date():
    assert week_of("2024-03-18") == 12
`,
  'tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "strict": true,
    "declaration": true,
    "outDir": "dist"
  },
  "include": ["src/**/*.ts"]
}
`,
};

/** A small vendored library kept in its own nested repository under `submodule/`. */
export const SUBMODULE_FILES: Record<string, string> = {
  'README.md': `# string-helpers

Small string utilities vendored into acme-tasks. Maintained in its own repository.
`,
  'strings.ts': `/** Lower-case, ASCII-only, dash-separated: "Fix Login Lockout!" → "fix-login-lockout". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\\w\\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\\s_-]+/g, '-');
}

export function truncate(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : text.slice(0, maxLength - 1) + '…';
}
`,
};

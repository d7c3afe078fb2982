/** The sample project's work in progress: what its working tree holds beyond its last commit. */
import { edit, final } from './file-edits';

/**
 * Work in progress left in the working tree, so git_status, git_diff and git_commit have something
 * to show on a first visit: one staged new file and four unstaged edits to tracked files.
 */
export function pendingChanges(): { staged: Record<string, string>; unstaged: Record<string, string> } {
  return {
    staged: {
      'src/Middleware/AuthenticationMiddleware.cs': AUTHENTICATION_MIDDLEWARE,
    },
    unstaged: {
      'src/UserService.cs': edit(
        final('src/UserService.cs'),
        '    internal static void ValidateEmail(string email)\n    {\n',
        '    internal static void ValidateEmail(string? email)\n    {\n        if (email is null)\n        {\n            throw new ArgumentNullException(nameof(email));\n        }\n\n',
      ),
      'tests/UserServiceTests.cs': edit(
        final('tests/UserServiceTests.cs'),
        '    [Fact]\n    public void ValidateDisplayName_RejectsTooLongNames()',
        '    [Fact]\n    public void ValidateEmail_RejectsNull()\n    {\n        Assert.Throws<ArgumentNullException>(() => UserService.ValidateEmail(null));\n    }\n\n    [Fact]\n    public void ValidateDisplayName_RejectsTooLongNames()',
      ),
      'src/main.cs': edit(
        final('src/main.cs'),
        '"Reminder: task {TaskId} \'{Title}\' is due at {Due}"',
        '"Reminder: task {TaskId} \'{Title}\' is due at {Due:u}"',
      ),
      'package.json': edit(final('package.json'), '"typescript": "^5.4.5"', '"typescript": "^5.5.4"'),
    },
  };
}

const AUTHENTICATION_MIDDLEWARE = `using System.Threading.Tasks;
using Acme.Tasks.Services;
using Microsoft.AspNetCore.Http;

namespace Acme.Tasks.Middleware;

/// <summary>
/// User authentication for API routes: requests need a valid session token, except login and health.
/// </summary>
public class AuthenticationMiddleware
{
    private readonly RequestDelegate _next;

    public AuthenticationMiddleware(RequestDelegate next)
    {
        _next = next;
    }

    public async Task InvokeAsync(HttpContext context, AuthService auth)
    {
        var path = context.Request.Path.Value ?? "";
        if (path.StartsWith("/auth/login") || path.StartsWith("/health"))
        {
            await _next(context);
            return;
        }

        var token = context.Request.Headers.Authorization.ToString().Replace("Bearer ", "");
        if (!auth.IsAuthenticated(token))
        {
            context.Response.StatusCode = StatusCodes.Status401Unauthorized;
            return;
        }

        await _next(context);
    }
}
`;

using System.Threading.Tasks;
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

using System.Threading.Tasks;
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

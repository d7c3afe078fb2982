using System;
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

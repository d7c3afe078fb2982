using System.Collections.Generic;
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

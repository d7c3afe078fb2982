using System;
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

using System;
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

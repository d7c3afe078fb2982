using System;
using System.Text.RegularExpressions;

namespace Acme.Tasks.Services;

/// <summary>
/// Input validation for <see cref="UserService"/>.
/// </summary>
public partial class UserService
{
    private static readonly Regex EmailPattern = new(@"^[^@\s]+@[^@\s]+\.[^@\s]+$", RegexOptions.Compiled);

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

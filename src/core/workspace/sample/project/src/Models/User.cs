namespace Acme.Tasks.Models;

public class User
{
    public int Id { get; set; }
    public string Email { get; set; } = "";
    public string DisplayName { get; set; } = "";
    public string PasswordHash { get; set; } = "";
    public int FailedLoginAttempts { get; set; }
    public bool IsLocked { get; set; }
}

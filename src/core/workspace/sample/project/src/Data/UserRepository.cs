using System.Collections.Generic;
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

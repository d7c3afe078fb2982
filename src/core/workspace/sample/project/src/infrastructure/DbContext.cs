using System;
using System.Collections.Generic;
using System.Data.Common;
using System.Linq;
using System.Threading.Tasks;
using Dapper;

namespace Acme.Tasks.Data;

/// <summary>
/// Thin database access over pooled connections: every call borrows a connection from the
/// <see cref="Acme.Tasks.Infrastructure.ConnectionPool"/> and returns it when done.
/// </summary>
public class DbContext
{
    private readonly Infrastructure.ConnectionPool _pool;

    public DbContext(Infrastructure.ConnectionPool pool)
    {
        _pool = pool;
    }

    public async Task<IEnumerable<T>> QueryAsync<T>(string sql, object? parameters = null)
    {
        await using var lease = await _pool.RentAsync();
        return await lease.Connection.QueryAsync<T>(sql, parameters);
    }

    public async Task<int> ExecuteAsync(string sql, object? parameters = null)
    {
        await using var lease = await _pool.RentAsync();
        return await lease.Connection.ExecuteAsync(sql, parameters);
    }

    public async Task<int> InsertAsync(string table, object row)
    {
        await using var lease = await _pool.RentAsync();
        var columns = string.Join(", ", row.GetType().GetProperties().Select(property => property.Name));
        var values = string.Join(", ", row.GetType().GetProperties().Select(property => "@" + property.Name));
        return await lease.Connection.ExecuteScalarAsync<int>($"INSERT INTO {table} ({columns}) VALUES ({values}) RETURNING id", row);
    }

    public async Task<bool> PingAsync()
    {
        try
        {
            await using var lease = await _pool.RentAsync();
            return await lease.Connection.ExecuteScalarAsync<int>("SELECT 1") == 1;
        }
        catch (DbException)
        {
            return false;
        }
    }
}

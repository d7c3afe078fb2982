using System;
using System.Collections.Concurrent;
using System.Data.Common;
using System.Threading;
using System.Threading.Tasks;
using Npgsql;

namespace Acme.Tasks.Infrastructure;

/// <summary>
/// A bounded database connection pool. Connections are opened lazily, reused after each lease
/// and limited to <c>maxSize</c> at once; callers wait when the pool is exhausted.
/// </summary>
public sealed class ConnectionPool : IAsyncDisposable
{
    private readonly string _connectionString;
    private readonly SemaphoreSlim _slots;
    private readonly ConcurrentBag<DbConnection> _idle = new();

    public ConnectionPool(string connectionString, int maxSize)
    {
        _connectionString = connectionString;
        _slots = new SemaphoreSlim(maxSize, maxSize);
    }

    public async Task<Lease> RentAsync(CancellationToken cancellationToken = default)
    {
        await _slots.WaitAsync(cancellationToken);
        if (!_idle.TryTake(out var connection))
        {
            connection = new NpgsqlConnection(_connectionString);
            await connection.OpenAsync(cancellationToken);
        }

        return new Lease(this, connection);
    }

    private void Return(DbConnection connection)
    {
        _idle.Add(connection);
        _slots.Release();
    }

    public async ValueTask DisposeAsync()
    {
        while (_idle.TryTake(out var connection))
        {
            await connection.DisposeAsync();
        }
    }

    public sealed class Lease : IAsyncDisposable
    {
        private readonly ConnectionPool _pool;

        internal Lease(ConnectionPool pool, DbConnection connection)
        {
            _pool = pool;
            Connection = connection;
        }

        public DbConnection Connection { get; }

        public ValueTask DisposeAsync()
        {
            _pool.Return(Connection);
            return ValueTask.CompletedTask;
        }
    }
}

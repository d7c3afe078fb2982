using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Infrastructure;
using Xunit;

namespace Acme.Tasks.Tests.Integration;

[Trait("Category", "Integration")]
public class DbContextTests
{
    private const string ConnectionString = "Host=localhost;Database=acme_tasks_test;Username=acme;Password=acme";

    [Fact(Skip = "Needs a local PostgreSQL; run with docker compose up db")]
    public async Task Ping_ReturnsTrue_WhenDatabaseIsUp()
    {
        await using var pool = new ConnectionPool(ConnectionString, maxSize: 2);
        var db = new DbContext(pool);

        Assert.True(await db.PingAsync());
    }
}

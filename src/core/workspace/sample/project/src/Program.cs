using System;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Infrastructure;
using Acme.Tasks.Middleware;
using Acme.Tasks.Models;
using Acme.Tasks.Services;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks;

/// <summary>
/// Entry point of the Acme Tasks web API.
/// </summary>
public static class Program
{
    public static async Task Main(string[] args)
    {
        var builder = WebApplication.CreateBuilder(args);
        ConfigureServices(builder.Services, builder.Configuration["Database:ConnectionString"]);

        var app = builder.Build();
        app.UseMiddleware<ErrorHandlingMiddleware>();
        MapHealthRoutes(app);
        MapAuthRoutes(app);
        MapUserRoutes(app);
        MapTaskRoutes(app);

        await app.RunAsync();
    }

    private static void ConfigureServices(IServiceCollection services, string? connectionString)
    {
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            throw new InvalidOperationException("Database:ConnectionString is not configured.");
        }

        services.AddSingleton(new ConnectionPool(connectionString, maxSize: 20));
        services.AddScoped<DbContext>();
        services.AddScoped<IUserRepository, UserRepository>();
        services.AddScoped<UserService>();
        services.AddScoped<AuthService>();
        services.AddScoped<TaskService>();
        services.AddLogging(logging => logging.AddConsole());
    }

    private static void MapHealthRoutes(WebApplication app)
    {
        app.MapGet("/health", () => Results.Ok(new { status = "ok", time = DateTime.UtcNow }));

        app.MapGet("/health/db", async (DbContext db) =>
        {
            var healthy = await db.PingAsync();
            return healthy ? Results.Ok(new { database = "ok" }) : Results.StatusCode(503);
        });
    }

    private static void MapAuthRoutes(WebApplication app)
    {
        app.MapPost("/auth/login", async (LoginRequest request, AuthService auth) =>
        {
            var result = await auth.HandleLogin(request.Email, request.Password);
            return result.Succeeded
                ? Results.Ok(new { token = result.Token, expiresAt = result.ExpiresAt })
                : Results.Unauthorized();
        });

        app.MapPost("/auth/logout", async (HttpContext context, AuthService auth) =>
        {
            var token = context.Request.Headers.Authorization.ToString().Replace("Bearer ", "");
            await auth.HandleLogout(token);
            return Results.NoContent();
        });
    }

    private static void MapUserRoutes(WebApplication app)
    {
        app.MapGet("/users", async (UserService users) => Results.Ok(await users.ListUsersAsync()));

        app.MapGet("/users/{id:int}", async (int id, UserService users) =>
        {
            var user = await users.GetUserAsync(id);
            return user is null ? Results.NotFound() : Results.Ok(user);
        });

        app.MapPost("/users", async (CreateUserRequest request, UserService users) =>
        {
            var user = await users.CreateUserAsync(request.Email, request.DisplayName);
            return Results.Created($"/users/{user.Id}", user);
        });

        app.MapDelete("/users/{id:int}", async (int id, UserService users) =>
        {
            // TODO: soft-delete users and keep their tasks for the audit log
            var deleted = await users.DeleteUserAsync(id);
            return deleted ? Results.NoContent() : Results.NotFound();
        });
    }

    private static void MapTaskRoutes(WebApplication app)
    {
        app.MapGet("/tasks", async (TaskService tasks, string? status) =>
        {
            var all = await tasks.ListTasksAsync();
            var filtered = status is null ? all : all.Where(task => task.Status == status).ToList();
            return Results.Ok(filtered);
        });

        app.MapPost("/tasks", async (CreateTaskRequest request, TaskService tasks) =>
        {
            var task = await tasks.CreateTaskAsync(request.Title, request.AssigneeId, request.DueDate);
            return Results.Created($"/tasks/{task.Id}", task);
        });

        app.MapPut("/tasks/{id:int}/complete", async (int id, TaskService tasks) =>
        {
            var completed = await tasks.CompleteTaskAsync(id);
            return completed ? Results.NoContent() : Results.NotFound();
        });
    }
}

public record LoginRequest(string Email, string Password);

public record CreateUserRequest(string Email, string DisplayName);

public record CreateTaskRequest(string Title, int? AssigneeId, DateTime? DueDate);

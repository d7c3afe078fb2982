using System;
using System.Threading;
using System.Threading.Tasks;
using Acme.Tasks.Services;
using Microsoft.Extensions.Logging;

namespace Acme.Tasks.Worker;

/// <summary>
/// Background worker: sends reminders for tasks that are due soon.
/// </summary>
public class ReminderWorker
{
    private static readonly TimeSpan Interval = TimeSpan.FromMinutes(15);
    private static readonly TimeSpan ReminderWindow = TimeSpan.FromHours(24);

    private readonly TaskService _tasks;
    private readonly ILogger<ReminderWorker> _logger;

    public ReminderWorker(TaskService tasks, ILogger<ReminderWorker> logger)
    {
        _tasks = tasks;
        _logger = logger;
    }

    public async Task RunAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                await SendRemindersAsync();
            }
            catch (Exception exception)
            {
                _logger.LogError(exception, "Reminder run failed; retrying in {Interval}", Interval);
            }

            await Task.Delay(Interval, stoppingToken);
        }
    }

    private async Task SendRemindersAsync()
    {
        var now = DateTime.UtcNow;
        foreach (var task in await _tasks.ListTasksAsync())
        {
            if (task.Status != "done" && task.DueDate is { } due && due > now && due - now <= ReminderWindow)
            {
                _logger.LogInformation("Reminder: task {TaskId} '{Title}' is due at {Due}", task.Id, task.Title, due);
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Acme.Tasks.Data;
using Acme.Tasks.Models;

namespace Acme.Tasks.Services;

public class TaskService
{
    private readonly DbContext _db;

    public TaskService(DbContext db)
    {
        _db = db;
    }

    public async Task<IReadOnlyList<TaskItem>> ListTasksAsync()
    {
        var tasks = await _db.QueryAsync<TaskItem>("SELECT * FROM tasks ORDER BY due_date");
        return tasks.ToList();
    }

    public async Task<TaskItem> CreateTaskAsync(string title, int? assigneeId, DateTime? dueDate)
    {
        if (string.IsNullOrWhiteSpace(title))
        {
            throw new ArgumentException("Title is required.", nameof(title));
        }

        var task = new TaskItem { Title = title.Trim(), AssigneeId = assigneeId, DueDate = dueDate, Status = "open" };
        task.Id = await _db.InsertAsync("tasks", task);
        return task;
    }

    public async Task<bool> CompleteTaskAsync(int id)
    {
        // TODO: record who completed the task once sessions carry the user id
        var changed = await _db.ExecuteAsync("UPDATE tasks SET status = 'done' WHERE id = @id", new { id });
        return changed == 1;
    }
}

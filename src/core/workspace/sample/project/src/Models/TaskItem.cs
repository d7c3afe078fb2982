using System;

namespace Acme.Tasks.Models;

public class TaskItem
{
    public int Id { get; set; }
    public string Title { get; set; } = "";
    public string Status { get; set; } = "open";
    public int? AssigneeId { get; set; }
    public DateTime? DueDate { get; set; }
}

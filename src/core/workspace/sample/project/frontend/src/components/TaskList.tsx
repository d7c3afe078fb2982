import React, { useEffect, useState } from 'react';

interface Task {
  id: number;
  title: string;
  status: string;
}

export function TaskList({ token }: { token: string }) {
  const [tasks, setTasks] = useState<Task[]>([]);

  useEffect(() => {
    fetch('/tasks', { headers: { Authorization: 'Bearer ' + token } })
      .then((response) => response.json())
      .then(setTasks)
      .catch(() => setTasks([]));
  }, [token]);

  return (
    <ul>
      {tasks.map((task) => (
        <li key={task.id}>
          {task.title} <small>{task.status}</small>
        </li>
      ))}
    </ul>
  );
}

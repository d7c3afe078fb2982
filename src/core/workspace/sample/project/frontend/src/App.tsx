import React, { useState } from 'react';
import { LoginForm } from './components/LoginForm';
import { TaskList } from './components/TaskList';

export function App() {
  const [token, setToken] = useState<string | null>(null);
  if (!token) return <LoginForm onLoggedIn={setToken} />;
  return (
    <main>
      <h1>Acme Tasks</h1>
      <TaskList token={token} />
    </main>
  );
}

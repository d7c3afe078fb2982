import { ApiClient } from './client';

export interface User {
  id: number;
  email: string;
  displayName: string;
}

export interface CreateUserInput {
  email: string;
  displayName: string;
}

/** Client-side counterpart of the C# UserService. */
export class UserService {
  constructor(private readonly client: ApiClient) {}

  listUsers(): Promise<User[]> {
    return this.client.request<User[]>('GET', '/users');
  }

  getUser(id: number): Promise<User> {
    return this.client.request<User>('GET', '/users/' + id);
  }

  createUser(input: CreateUserInput): Promise<User> {
    // TODO: validate the email here too, to save a round trip
    return this.client.request<User>('POST', '/users', input);
  }

  deleteUser(id: number): Promise<void> {
    return this.client.request<void>('DELETE', '/users/' + id);
  }
}

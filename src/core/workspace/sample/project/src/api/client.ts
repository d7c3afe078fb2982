/** Minimal fetch wrapper: JSON in and out, bearer token, and typed errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ApiClient {
  private token: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async login(email: string, password: string): Promise<void> {
    const result = await this.request<{ token: string }>('POST', '/auth/login', { email, password });
    this.token = result.token;
  }

  logout(): Promise<void> {
    const done = this.request<void>('POST', '/auth/logout');
    this.token = null;
    return done;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.token) headers.Authorization = 'Bearer ' + this.token;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      // Error handling: surface the server's message when it sends one.
      const text = await response.text();
      throw new ApiError(response.status, text || response.statusText);
    }
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  }
}

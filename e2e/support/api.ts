/** Direct API calls for arranging a test; the screens under test are driven through the browser. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function registerAccount(
  baseUrl: string,
  account: { fullName: string; username: string; password: string },
) {
  return apiCall<{ accessToken?: string; message?: string }>(baseUrl, "POST", "/api/users/register", {
    ...account,
    confirmPassword: account.password,
  });
}

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

/** The app's own Mailgun settings of the tests: the reward e-mails of paid redeems go out with them. */
export const tenantMailgun = {
  mailgunDomain: "mg.tenant.test",
  apiKey: "key-tenant",
  fromEmail: "rewards@tenant.test",
  supportEmail: "support@tenant.test",
};

/** Saves the app's Mailgun settings (the server's mail goes to the tests' sink); throws unless saved. */
export async function configureMailgun(baseUrl: string, token: string) {
  const answer = await apiCall(baseUrl, "POST", "/api/setting/mailgun/", tenantMailgun, token);
  if (answer.status !== 200)
    throw new Error(`the Mailgun settings were not saved: ${answer.status} ${JSON.stringify(answer.body)}`);
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, with its
 * development login and consent pages: any login name signs in as that subject.
 */
export async function startOidcProvider({ redirectUri }: { redirectUri: string }): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'marquee-test';
  const clientSecret = 'marquee-test-secret-0123456789abcdef';
  // The package warns at start-up that its in-memory store, signing keys and development pages
  // are for development only; that is exactly what a test wants, so those warnings are dropped.
  const provider = withoutStartupWarnings(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: true } },
        // Explicit lifetimes (seconds), else the package notes each default it falls back to.
        ttl: {
          Interaction: 600,
          Session: 600,
          Grant: 600,
          AccessToken: 600,
          IdToken: 600,
          AuthorizationCode: 60,
        },
        findAccount: async (_ctx, sub) => ({
          accountId: sub,
          claims: async () => ({
            sub,
            email: `${sub}@sso.example.com`,
            email_verified: true,
            name: `SSO ${sub}`,
          }),
        }),
      }),
  );
  // Quiet: the provider reports expected client errors on its event bus, not as failures.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function withoutStartupWarnings<T>(create: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  try {
    return create();
  } finally {
    console.warn = warn;
  }
}

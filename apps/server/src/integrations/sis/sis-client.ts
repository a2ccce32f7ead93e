/**
 * Student information system (integrations guide "SIS / OneRoster"; spec 000 §2 Skyward connection
 * test, spec 002 student pickup and drop-off). Skyward and most SIS products expose OneRoster 1.1
 * REST under `/ims/oneroster/v1p1` with OAuth 2 client-credentials bearer tokens.
 *
 * Providers: the OneRoster HTTP client (oneroster-client.ts) and a built-in local provider
 * (local-sis.ts) used when the base address is 'local', or empty on a demo installation. Tests talk
 * to a local peer that speaks OneRoster (src/test/peers/fake-sis.ts).
 */
export interface SisClient {
  readonly name: string;
  /** true when a token is issued and an authenticated OneRoster call answers; never throws */
  testConnection(): Promise<boolean>;
}

/** A client's saved (or unsaved, from the settings form) connection. */
export interface SisConnection {
  /** '' (not set), 'local' or an http(s) address */
  baseUrl: string;
  /** '' = `${baseUrl}/oauth/token` */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * What every server test process loads first, whichever config runs it (the suite, the PostgreSQL fault
 * tests, the replica's): a fixed key for the secrets encrypted at rest, and argon2id at its least cost.
 */
export const serverTestSetupFiles = ["test/support/secrets-key.ts", "test/support/password-cost.ts"];

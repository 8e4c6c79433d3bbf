import { keyFromText, useSecretsKey } from "../../src/lib/secret-box.ts";

/**
 * Every test process seals secrets with this fixed key, as a server does with its own after opening the
 * database (tests open theirs directly). A test of the key handling itself loads its own.
 */
export const testSecretsKeyText = "test-secrets-key-test-secrets-key-0123456789";
export const testSecretsKey = keyFromText(testSecretsKeyText);
useSecretsKey(testSecretsKey);

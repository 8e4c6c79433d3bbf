import { setPasswordHashCostForTests } from "../../src/lib/passwords.ts";

/**
 * Every test process hashes passwords with argon2id still, at its least cost (1 MiB, 1 pass): the suites
 * register and sign in thousands of times, which at the real cost spent minutes of CI hashing.
 * passwords.test.ts checks the real cost; the servers the tests start as processes use it.
 */
export const testPasswordHashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
setPasswordHashCostForTests(testPasswordHashCost);

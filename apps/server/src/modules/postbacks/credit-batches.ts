import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isBadInput } from "../../db/errors.ts";
import { jsonRows } from "../../db/json-rows.ts";
import { preparedPerDatabase, prepareNamed } from "../../db/prepared.ts";
import { completedOffers, postbackLog } from "../../db/schema/index.ts";
import { type MoveRecord, movesSteps } from "../ledger/index.ts";

/** A new credit as its statement writes it: the offer, its shares' moves, and the request's log row. */
export type NewCredit = {
  offer: typeof completedOffers.$inferInsert & { id: string };
  moves: MoveRecord[];
  log: typeof postbackLog.$inferInsert | null;
};

const offers = jsonRows(completedOffers, [
  "id",
  "adminId",
  "userId",
  "network",
  "transactionId",
  "offerName",
  "payout",
  "points",
  "ip",
  "status",
  "referrerId",
  "referralPoints",
]);
const logRows = jsonRows(postbackLog, [
  "id",
  "adminId",
  "network",
  "method",
  "path",
  "ip",
  "query",
  "body",
  "outcome",
  "reason",
  "userId",
  "transactionId",
  "points",
  "httpStatus",
  "response",
]);

/**
 * Any number of new credits in one statement, outside any transaction (a statement is atomic): the offers'
 * insert, their shares' balances with ledger rows and holds, and the requests' log rows, each written only
 * for an offer the insert stored. An offer whose key is stored already (by an earlier statement, or by an
 * earlier credit of the same batch) is skipped with all it would have written. Answers the stored offers.
 */
const creditsStatement = sql`with credit as (
    select * from jsonb_to_recordset(${sql.placeholder("credits")}::jsonb)
      as credit (${offers.definition}, moves jsonb, log jsonb)
  ), stored_offer as (
    insert into ${completedOffers} (${offers.names}) select ${offers.names} from credit
    on conflict do nothing returning id
  ), stored_credit as (
    select credit.* from credit join stored_offer using (id)
  ), ${movesSteps(sql`select moves from stored_credit`)}, logged_request as (
    insert into ${postbackLog} (${logRows.names})
    select logged.* from stored_credit, jsonb_to_record(stored_credit.log) as logged (${logRows.definition})
    where stored_credit.log is not null
  ) select id from stored_offer`;

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const compareKeys = (x: NewCredit["offer"], y: NewCredit["offer"]) =>
  compare(x.adminId, y.adminId) || compare(x.network, y.network) || compare(x.transactionId, y.transactionId);

/** Credits one statement writes at most. */
const maxBatch = 64;

type Waiting = {
  offer: NewCredit["offer"];
  /** The credit as its record of the statement's JSON, built when it was handed in. */
  record: Record<string, unknown>;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
};

/**
 * A process's credits to one database, batched: a credit that finds no statement at work is written at
 * once, alone; the credits that arrive while one is at work wait for it and go together in the next
 * (decision 0033). Each statement costs PostgreSQL and the server a fixed share (a round trip, a wake-up,
 * an executor's start) besides its rows, paid once a batch instead of once a credit.
 */
function creditBatcher(db: Db) {
  const statement = prepareNamed(db, "credits_at_once", creditsStatement);
  const waiting: Waiting[] = [];
  let writing = false;

  const write = async (batch: Waiting[]): Promise<void> => {
    try {
      // In one order in every process (app, network, transaction; then each user's balance by id), so two
      // processes' statements lock the rows they share in the same order and do not deadlock.
      batch.sort((x, y) => compareKeys(x.offer, y.offer));
      const credits = JSON.stringify(batch.map(({ record }) => record));
      const result = await statement.execute({ credits });
      const stored = new Set(result.rows.map((row) => row.id));
      for (const { offer, resolve } of batch) resolve(stored.has(offer.id));
    } catch (error) {
      if (batch.length > 1 && isBadInput(error)) {
        // One credit the database refused fails the whole statement: each again alone, so it fails its own.
        for (const one of batch) await write([one]);
        return;
      }
      for (const { reject } of batch) reject(error);
    }
  };

  const next = () => {
    if (writing || waiting.length === 0) return;
    writing = true;
    void write(waiting.splice(0, maxBatch)).finally(() => {
      writing = false;
      next();
    });
  };

  return (credit: NewCredit) =>
    new Promise<boolean>((resolve, reject) => {
      // Built here, so a credit whose values cannot be written throws to its own caller only.
      const record = {
        ...offers.record(credit.offer),
        moves: credit.moves,
        log: credit.log && logRows.record(credit.log),
      };
      waiting.push({ offer: credit.offer, record, resolve, reject });
      next();
    });
}

const batchers = preparedPerDatabase(creditBatcher);

/**
 * Writes a new credit with the batch it joins (see creditBatcher). True when its offer was stored, and with
 * it everything else; false when the offer's key was stored already and nothing was written.
 */
export const writeCredit = (db: Db, credit: NewCredit): Promise<boolean> => batchers(db)(credit);

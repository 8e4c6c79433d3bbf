/** The deep-page cases of `npm run bench`: every big list's first, middle and last pages. */
import {
  appUserEndpoints,
  appUserListBodySchema,
  appUserSortFields,
  auditActions,
  auditEndpoints,
  auditListBodySchema,
  auditSortFields,
  type Endpoint,
  offerEndpoints,
  offerListBodySchema,
  offerSortFields,
  pathOf,
  postbackEndpoints,
  postbackListBodySchema,
  postbackSortFields,
  redeemEndpoints,
  redeemListBodySchema,
  redeemSortFields,
} from "@rewards/contract";
import type { Db } from "../apps/server/src/db/client.ts";
import { listAppUsers } from "../apps/server/src/modules/app-users/index.ts";
import { listAudit } from "../apps/server/src/modules/audit/index.ts";
import { listOffers } from "../apps/server/src/modules/offers/index.ts";
import { listPostbacks } from "../apps/server/src/modules/postbacks/index.ts";
import { listRedeems } from "../apps/server/src/modules/redeems/index.ts";
import type { Case } from "./case.ts";

/**
 * The first, middle and last pages of a list, for each sort (both directions), unfiltered and with each
 * value of each enumerable filter: the pages the position index serves (lib/deep-page.ts).
 */
function listDeepPages(
  list: string,
  endpoint: Endpoint,
  sortFields: readonly string[],
  filters: Array<[key: string, value: unknown, indexName: string]>,
  totals: Map<string, number>,
  service: (db: Db, body: { queryParams: Record<string, unknown> }) => Promise<unknown>,
): Case[] {
  const pageSize = 10;
  const cases: Case[] = [];
  for (const [key, value, indexName] of [["", undefined, ""], ...filters] as const) {
    const last = Math.max(1, Math.ceil((totals.get(`${list} ${indexName}`) ?? 0) / pageSize));
    const filter = key ? { [key]: value } : {};
    for (const sortField of sortFields)
      for (const sortOrder of ["asc", "desc"])
        for (const [where, pageNumber] of [
          ["first", 1],
          ["middle", Math.ceil(last / 2)],
          ["last", last],
        ] as const) {
          const body = { queryParams: { pageNumber, pageSize, sortField, sortOrder, filter } };
          const filtered = key ? ` ${key}=${JSON.stringify(value)}` : "";
          cases.push({
            group: "deep pages",
            name: `${list} ${sortField} ${sortOrder}${filtered} ${where} (page ${pageNumber})`,
            method: endpoint.method,
            path: pathOf(endpoint),
            body,
            service: (db) => service(db, body),
          });
        }
  }
  return cases;
}

/** The deep pages of users, offers, redeems, the postback log and the audit log; `totals` by list and filter. */
export function deepPageCases(adminId: string, totals: Map<string, number>): Case[] {
  return [
    ...listDeepPages(
      "users",
      appUserEndpoints.list,
      appUserSortFields,
      [
        ["status", 3, "status=active"],
        ["status", 2, "status=banned"],
      ],
      totals,
      (db, body) => listAppUsers(db, adminId, appUserListBodySchema.parse(body).queryParams as never),
    ),
    ...listDeepPages(
      "offers",
      offerEndpoints.list,
      offerSortFields,
      [["network", "cpxresearch", "network=cpxresearch"]],
      totals,
      (db, body) => listOffers(db, adminId, offerListBodySchema.parse(body).queryParams as never),
    ),
    ...listDeepPages(
      "redeems",
      redeemEndpoints.list,
      redeemSortFields,
      [
        ["status", 0, "status=0"],
        ["status", 1, "status=1"],
        ["risky", true, "risky=true"],
        ["risky", false, "risky=false"],
      ],
      totals,
      (db, body) => listRedeems(db, adminId, redeemListBodySchema.parse(body).queryParams as never),
    ),
    ...listDeepPages(
      "postbacks",
      postbackEndpoints.list,
      postbackSortFields,
      [
        ["network", "cpxresearch", "network=cpxresearch"],
        ["outcome", "credited", "outcome=credited"],
      ],
      totals,
      (db, body) => listPostbacks(db, adminId, postbackListBodySchema.parse(body).queryParams as never),
    ),
    ...listDeepPages(
      "audit",
      auditEndpoints.list,
      auditSortFields,
      [["action", auditActions[0], `action=${auditActions[0]}`]],
      totals,
      (db, body) => listAudit(db, adminId, auditListBodySchema.parse(body).queryParams as never),
    ),
  ];
}

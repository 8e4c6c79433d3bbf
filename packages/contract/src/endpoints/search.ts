import { errorAnswerSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { searchAnswerSchema, searchQuerySchema } from "../resources/search.ts";

/** Search everywhere: the command palette's one call. */
export const searchEndpoints = {
  search: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/search",
    tags: ["search"],
    summary: "Find app users, redeems and completed offers of the app",
    description:
      "App users by e-mail prefix (any case), id or referral code; redeems by id or receiver e-mail prefix; " +
      "completed offers by transaction id or id. At most five results of each kind.",
    query: searchQuerySchema,
    responses: { 200: searchAnswerSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
  }),
};

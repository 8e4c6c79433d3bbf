import { z } from "zod";
import { appUserSchema } from "./app-users.ts";
import { offerListEntitySchema } from "./offers.ts";

/** GET /api/offer/{id}: the offer and the user who completed it. */
export const offerDetailsSchema = z.object({ offer: offerListEntitySchema, user: appUserSchema });
export type OfferDetails = z.infer<typeof offerDetailsSchema>;

import { z } from "zod";
import { customerSchema } from "./customers.ts";
import { offerListEntitySchema } from "./offers.ts";

/** GET /api/offer/{id}: the offer and the user who completed it. */
export const offerDetailsSchema = z.object({ offer: offerListEntitySchema, user: customerSchema });
export type OfferDetails = z.infer<typeof offerDetailsSchema>;

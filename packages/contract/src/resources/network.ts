import { z } from "zod";
import { settingLimits as limits, type OfferNetwork } from "../constants.ts";
import { messages } from "../messages.ts";
import { enableFlagSchema, savedIdSchema } from "./tenant-config.ts";

/** The Network screen's tabs and their cards, in order. */
export const networkTabs = {
  api: ["hangmyads", "ogads", "ipdata"],
  offerwall: ["hangmyadsow", "adgateow", "adgemow", "cpxresearch", "lootably", "bitlabs"],
  native: ["applovin"],
} as const;
export type NetworkTab = keyof typeof networkTabs;

/** Networks configured through /api/network (every card but the native-ads one). */
export const configNetworks = [...networkTabs.api, ...networkTabs.offerwall] as const;
export type ConfigNetwork = (typeof configNetworks)[number];
export const nativeAdsNetworks = networkTabs.native;
export type NativeAdsNetwork = (typeof nativeAdsNetworks)[number];
export type NetworkName = ConfigNetwork | NativeAdsNetwork;

export const isConfigNetwork = (name: string): name is ConfigNetwork =>
  (configNetworks as readonly string[]).includes(name);
export const isNativeAdsNetwork = (name: string): name is NativeAdsNetwork =>
  (nativeAdsNetworks as readonly string[]).includes(name);

/** The fields' names on the Network forms; the web turns each into its label (docs/features/network.md). */
export type NetworkLabel =
  | "affiliateId"
  | "offerwallId"
  | "apiKey"
  | "placementId"
  | "appId"
  | "appToken"
  | "secretKey"
  | "securityHash";

export type NetworkFields = {
  appId: NetworkLabel;
  appToken?: NetworkLabel;
  postbackSecret?: NetworkLabel;
  /** adgemow: Android apps have a postback key of their own. */
  postbackSecretAndroid?: NetworkLabel;
  /** Every network that sends postbacks: they may be limited to the network's server addresses. */
  allowedIps?: true;
  /** ipdata: an API key only, no provision, no platforms, no postbacks. */
  keyOnly?: true;
};

/**
 * Which fields each network's form has and what they are called: the one place that says so. The
 * signing key is postbackSecret, except CPX Research, whose postbacks are signed with its Security Hash.
 */
export const networkFields = {
  hangmyads: { appId: "affiliateId", appToken: "apiKey", postbackSecret: "secretKey", allowedIps: true },
  ogads: { appId: "affiliateId", appToken: "apiKey", postbackSecret: "secretKey", allowedIps: true },
  ipdata: { appId: "apiKey", keyOnly: true },
  hangmyadsow: { appId: "offerwallId", appToken: "apiKey", postbackSecret: "secretKey", allowedIps: true },
  adgateow: { appId: "offerwallId", postbackSecret: "secretKey", allowedIps: true },
  adgemow: {
    appId: "appId",
    postbackSecret: "secretKey",
    postbackSecretAndroid: "secretKey",
    allowedIps: true,
  },
  cpxresearch: { appId: "appId", appToken: "securityHash", allowedIps: true },
  lootably: { appId: "placementId", appToken: "apiKey", postbackSecret: "secretKey", allowedIps: true },
  bitlabs: { appId: "appToken", postbackSecret: "secretKey", allowedIps: true },
} as const satisfies Record<ConfigNetwork, NetworkFields>;

/**
 * The addresses a network publishes for its postback servers (docs/postbacks.md gives the sources). A new
 * config starts with them in its allowed-address list.
 */
export const postbackServerIps: Partial<Record<OfferNetwork, readonly string[]>> = {
  adgateow: ["52.42.57.125"],
  cpxresearch: ["188.40.3.73", "157.90.97.92", "2a01:4f8:d0a:30ff::2"],
};

/**
 * Networks whose signature leaves out values that credit (CPX Research signs only the transaction id):
 * their postbacks are always checked against an address list, and an empty list means the published one.
 */
export const addressCheckedNetworks: readonly OfferNetwork[] = ["cpxresearch"];

/** The allowed-address list that applies to a network's postbacks; empty means any address. */
export function effectiveAllowedIps(network: OfferNetwork, saved: readonly string[]): readonly string[] {
  if (saved.length || !addressCheckedNetworks.includes(network)) return saved;
  return postbackServerIps[network] ?? [];
}

const text = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(limits.networkText, messages.max(limits.networkText));
/** A field the network does not use: whatever comes is dropped and stored empty. */
const unused = z
  .unknown()
  .optional()
  .transform(() => "");
const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: messages.notAnIp });

export const provisionSchema = z
  .number({ error: messages.provisionRequired })
  .min(0, messages.minimum(0))
  .max(1, messages.maximum(1));

/** One network's form, used by its form and by the route through the union below. */
export function networkFormSchema<N extends ConfigNetwork>(network: N) {
  const fields: NetworkFields = networkFields[network];
  const tokenMessage =
    fields.appToken === "securityHash" ? messages.securityHashRequired : messages.appTokenRequired;
  return (
    z
      .object({
        network: z.literal(network),
        appId: text(messages.appIdRequired),
        appToken: fields.appToken ? text(tokenMessage) : unused,
        postbackSecret: fields.postbackSecret ? text(messages.required) : unused,
        postbackSecretAndroid: fields.postbackSecretAndroid ? text(messages.required) : unused,
        provision: fields.keyOnly ? provisionSchema.default(1) : provisionSchema,
        iosEnable: fields.keyOnly ? enableFlagSchema.default(0) : enableFlagSchema,
        androidEnable: fields.keyOnly ? enableFlagSchema.default(0) : enableFlagSchema,
        allowedIps: fields.allowedIps
          ? z.array(ipAddress).max(limits.allowedIps, messages.maxItems(limits.allowedIps)).default([])
          : unused.transform((): string[] => []),
      })
      // Offerwall links show the App ID to every app user: a signing key equal to it signs nothing.
      .refine((form) => !form.postbackSecret || form.postbackSecret !== form.appId, {
        message: messages.secretIsPublic,
        path: ["postbackSecret"],
      })
  );
}

/** POST and PUT /api/network: the body names its network, and that network's rules apply. */
export const networkBodySchema = z.discriminatedUnion(
  "network",
  [
    networkFormSchema("hangmyads"),
    networkFormSchema("ogads"),
    networkFormSchema("ipdata"),
    networkFormSchema("hangmyadsow"),
    networkFormSchema("adgateow"),
    networkFormSchema("adgemow"),
    networkFormSchema("cpxresearch"),
    networkFormSchema("lootably"),
    networkFormSchema("bitlabs"),
  ],
  { error: messages.unknownNetwork },
);
export type NetworkBody = z.input<typeof networkBodySchema>;

/** Secrets come back masked; postbackUrl is the full address to paste into the network's dashboard. */
export const networkConfigSchema = z.object({
  _id: savedIdSchema,
  adminId: z.string(),
  network: z.enum(configNetworks),
  appId: z.string(),
  appToken: z.string(),
  postbackSecret: z.string(),
  postbackSecretAndroid: z.string(),
  provision: z.number(),
  iosEnable: enableFlagSchema,
  androidEnable: enableFlagSchema,
  allowedIps: z.array(z.string()),
  postbackUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
export const networkCreatedSchema = z.object({ network: networkConfigSchema });

export const networkParamsSchema = z.object({ name: z.string().max(40), adminId: z.string() });

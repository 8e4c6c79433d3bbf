import type { Customer, CustomerDetails } from "@rewards/contract";

export const customerId = (n: number) => `0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a${String(n).padStart(2, "0")}`;

export function customer(n: number, overrides: Partial<Customer> = {}): Customer {
  return {
    _id: customerId(n),
    username: `user${n}@example.com`,
    referCode: `KEY${n}`,
    device: "android",
    geo: "US",
    ipSignup: `10.0.0.${n}`,
    points: 100 * n,
    createdAt: "2026-01-02T10:00:00.000Z",
    isActive: true,
    isVerfied: false,
    provision: 25,
    status: 3,
    googleId: null,
    facebookId: null,
    visitorId: null,
    riskReasons: [],
    ...overrides,
  };
}

export function customerDetails(n: number, overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    ...customer(n),
    ipOfSignup: "10.0.0.1",
    usersReferedCount: 4,
    sum: 250,
    referredBy: { _id: customerId(9), username: "boss@example.com" },
    completedOffers: [
      {
        _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5b01",
        offerName: "Play Solitaire",
        network: "adgateow",
        transactionId: "tx-1",
        userId: customerId(n),
        payout: 1.2345,
        points: 1234,
        ip: "10.0.0.1",
        geo: "US",
        status: "credited",
        date: "2026-01-03T10:00:00.000Z",
      },
    ],
    devices: [
      {
        _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5c01",
        device_name: "Pixel 8",
        bssid: null,
        gaid: "gaid-1",
        locale: "en_US",
        resolution: "1080x2400",
        country_code: "US",
        carrier_country: "us",
        osversion: "14",
        androidId: "android-1",
        createdAt: "2026-01-02T10:00:00.000Z",
      },
    ],
    userInfo: { fingerprint: { browser: "Chrome", screen: [1080, 2400] } },
    linkedAccounts: [],
    signupScreening: null,
    ...overrides,
  };
}

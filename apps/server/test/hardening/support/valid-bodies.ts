const generalConfig = {
  refPercent: 25,
  ratio: 1000,
  fbLike: 10,
  fbShare: 20,
  twShare: 20,
  timeZone: "Europe/Berlin",
};

/** Valid bodies for the routes whose rules go beyond what their schema can say (checked lists, e-mails). */
export const bodiesBeyondTheSchema: Record<string, object> = {
  "PUT /api/redeem/sendReward/:id": {
    code: "GIFT-1234",
    rewardName: "Amazon",
    redeemEmail: "ann@example.com",
    subject: "Your reward",
    text: "<p>Enjoy</p>",
  },
  "PUT /api/reward/countries/:id": { code: "AQ", priority: 3 },
  "POST /api/payouts/items/:itemId/codes": { csv: "code,pin\nMATRIX-CODE-0001,1234\n" },
  // The payout rules as they are by default: a pause or an approval amount would refuse the pays that follow.
  "PUT /api/payouts/settings": { paused: false, approvalAbove: null },
  "PUT /api/setting/mailgun/:id": {
    mailgunDomain: "mg.example.com",
    apiKey: "key-0123456789",
    fromEmail: "rewards@example.com",
    supportEmail: "help@example.com",
  },
  "PUT /api/setting/push/:id": { serviceAccountKey: "••••7a3c" },
  // A zone both the runtime and the database know (a random string is refused with 400).
  "POST /api/setting/settingconfig": generalConfig,
  "PUT /api/setting/settingconfig/:id": generalConfig,
  // The team's rules as they are by default: requiring 2FA would send every member to enrolment.
  "PUT /api/team/settings": { requireMfa: false, supportAdjustmentLimit: 1000 },
};

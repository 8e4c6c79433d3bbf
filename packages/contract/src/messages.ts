/**
 * Every validation and user-facing message of the server, once: the forms and the server answer the same
 * words (decision 0007). Each has a stable code (its name here) that answers carry beside the English text,
 * so a client shows it in its own language; `{name}` marks an argument, filled in order (ICU syntax).
 */

/**
 * A text from this catalogue. Answers only carry these (the type keeps a stray literal out), so every
 * message a client sees has a code.
 */
export type Message = string & { readonly catalogued: unique symbol };

type Fill<Names extends readonly string[]> = (...values: { [K in keyof Names]: string | number }) => Message;
type WithArgs<Names extends readonly string[]> = Fill<Names> & { template: string; names: Names };

/**
 * A message with arguments: `withArgs("Minimum {n} symbols", "n")(8)` is "Minimum 8 symbols". Numbers are
 * written plainly, as the API always has; a client formats them in its language from `params`.
 */
function withArgs<const Names extends readonly string[]>(template: string, ...names: Names): WithArgs<Names> {
  const fill = (...values: (string | number)[]) =>
    names.reduce(
      (text, name, index) => text.replaceAll(`{${name}}`, () => String(values[index] ?? "")),
      template,
    ) as Message;
  return Object.assign(fill, { template, names }) as unknown as WithArgs<Names>;
}

const catalogue = {
  required: "Required field",
  timeZone: "Choose a time zone such as Europe/Berlin or UTC",
  languageUnknown: "Choose one of the languages: de, en, es, fr, ja or zh",
  min: withArgs("Minimum {n} symbols", "n"),
  max: withArgs("Maximum {n} symbols", "n"),
  wrongEmail: "Wrong email format",
  passwordMismatch: "Password and Confirm Password didn't match",
  acceptTerms: "You must accept the terms and conditions",
  passwordTooCommon: "This password is too common",

  loginIncorrect: "The login detail is incorrect",
  accountPending: "Your account waiting to be approved.",
  accountDisabled: "Your account has been disabled.",
  notFoundEmail: withArgs("The requested {email} is not found", "email"),
  resetTokenInvalid: "This reset link is invalid. Ask for a new one.",
  resetTokenUsed: "This reset link has already been used. Ask for a new one.",
  resetTokenExpired: "This reset link has expired. Ask for a new one.",
  resetDone: "Your password has been reset. You can sign in now.",
  resetFailed: "Your password could not be reset.",
  recoverSent: "We have sent a reset link to your e-mail address.",
  recoverMailFailed: "We could not send the e-mail right now. Please try again in a few minutes.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  unauthorized: "Please sign in again.",
  forbidden: "You are not allowed to do this.",
  ownerOnly: "Only the owner can do this.",
  roleForbidden: "Your role does not allow this",
  noApp: "This account is not a member of any app",
  // Team and invitations.
  teamAlreadyMember: "This person is already a member of the app",
  teamLastOwner: "The app must keep at least one owner",
  // Payouts.
  outOfStock: "Out of stock",
  codeFromStock: "This reward item pays from its code stock: leave the code empty",
  providerNotReady: "Set up a payout provider before choosing it",
  codeUsed: "This code has been used: it stays on record",
  payoutsPaused: "Payouts are paused for this app: lift the pause in Payout settings first",
  approvalNeeded: withArgs(
    "This redeem costs more than {above} points: another member must approve it before it is paid",
    "above",
  ),
  approverCannotPay: "You approved this redeem: another member must pay it",
  alreadyApproved: "This redeem is already approved",
  approvalNotNeeded: "This redeem does not need an approval",
  payoutInProgress: "A payout of this redeem is under way: wait until it is paid or fails",
  providerItemFields: "A provider item needs a Tremendous product or campaign id, and a value",
  paidByHand: "This reward is paid by hand: open the redeem to type its code",
  redeemNotPayable: "Only a Pending or Rejected redeem can be paid",
  badWebhookSignature: "Bad signature",
  holdNotHeld: "This credit is no longer held",
  secretRequired: "Enter the secret: there is no saved one to keep",
  adjustmentOverLimit: withArgs(
    "Support can adjust at most {limit} points in 24 hours; {left} are left",
    "limit",
    "left",
  ),
  inviteInvalid: "This invitation link is not valid: it may have expired, been used or withdrawn",
  inviteMailFailed: "The invitation could not be e-mailed. Try again later.",
  inviteWrongAccount: "This invitation is for another e-mail address: sign in with the invited account",
  inviteAccountExists:
    "An account with this e-mail already exists: sign in with it, then open the invitation link again",

  cannotDisableSelf: "The owner cannot disable itself.",
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  databaseUnavailable: "The database is not reachable right now. Please try again in a moment.",
  migrationsPending: "The database is not up to date yet: its migrations are still being applied",
  metricsTokenInvalid: "Send the metrics token as Authorization: Bearer <token>",
  databaseBusy: "The database took too long to answer. Please try again in a moment.",
  serverBusy: "The server is busy right now. Please try again in a moment.",
  validation: "Some fields are not valid",
  inviteCodeRequired: "Invite Code is required",
  provisionRequired: "Provision is required",
  creditRequired: "Credit is required",
  minimum: withArgs("Minimum {n}", "n"),
  maximum: withArgs("Maximum {n}", "n"),
  wholeNumber: "Must be a whole number",
  noIdsSelected: "Select at least one record",
  statusChoice: "Choose Banned (2) or Active (3)",
  referCodeTaken: "This Share Key is already used by another user",
  // Points adjustments (docs/security.md, "Stale edits"): a signed change with a reason, never an absolute balance
  pointsNotSettable:
    "The balance cannot be set directly: send pointsDelta (the points to add, negative to remove) and pointsReason",
  pointsReasonRequired: "Say why the points change",
  // These two have always written their limit grouped ("1,000,000"): callers pass it so.
  pointsMoveLimit: withArgs("A change can add or remove at most {max} points", "max"),
  pointsBelowZero: withArgs(
    "This change would leave the user with a negative balance (they have {balance} points)",
    "balance",
  ),
  pointsAboveLimit: withArgs("This change would take the balance above {max} points", "max"),
  giftCardCodeRequired: "Gift Card Code is required",
  rewardNameRequired: "Reward Name is required",
  emailRequired: "Email is required",
  wrongEmailCapital: "Wrong Email format",
  mailNotConfigured: "Mail sending is not configured",
  redeemAlreadySent: "This redeem has already been sent",
  redeemNotPending: "Only a pending redeem can be cancelled",
  insufficientPoints: withArgs("Not enough points: {email} cannot pay for this redeem again", "email"),
  // Settings, network, notifications
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  appIdRequired: "App Id is required",
  appTokenRequired: "App Token is required",
  securityHashRequired: "Security Hash is required",
  invalidEmail: "Invalid email format",
  enableFlag: "Must be 0 or 1",
  notAnIp: "Not an IP address",
  secretIsPublic: "The secret key cannot be the same as the ID that offerwall links show to app users",
  maxItems: withArgs("At most {n} entries", "n"),
  nothingToSave: "Nothing to save",
  unknownNetwork: "Unknown network",
  unknownSocial: "Unknown social login: facebook, google or twitter",
  settingExists: "This setting is already saved. Reload the page and save again.",
  settingNameMismatch: "A saved setting cannot change its network or name",
  imageRequired: "Please choose an image",
  imageType: "Only PNG, JPEG, WebP, GIF or ICO images are accepted",
  imageTooLarge: "The image is larger than 2 MB",
  formUnreadable: "Send the form as multipart/form-data with its fields and images",
  mailTestSent: withArgs("A test e-mail was sent to {to}", "to"),
  mailTestFailed: withArgs("Mailgun did not accept the message: {detail}", "detail"),
  pushNotConfigured: "Push notifications are not configured",
  pushFailed: withArgs("Firebase did not accept the notification: {detail}", "detail"),
  serviceAccountNotJson: "Paste the service account key file (JSON) from Firebase",
  serviceAccountField: withArgs("The service account key has no valid {field}", "field"),
  serviceAccountPrivateKey: "The service account key's private_key is not a valid private key",
  serviceAccountTokenUri:
    "The service account key's token_uri must be Google's OAuth address (https://oauth2.googleapis.com/token)",
  // Reward catalog
  priorityRequired: "Priority is required",
  countryRequired: "Please select a country",
  countryUnknown: "Choose a country from the list",
  countryCodeTaken: withArgs("A country with the code {code} already exists", "code"),
  rewardItemNameRequired: "RewardItem Name is required",
  pointsRequired: "Points is required",
  // Mobile app API (docs/features/app-api.md)
  appKeyMissing: "Send the app key in the x-app-key header",
  appKeyUnknown: "Unknown app key: check the x-app-key header",
  appEmailTaken: "An account with this e-mail already exists",
  referralCodeUnknown: "Unknown referral code",
  appUserBanned: "Your account has been banned. Contact support if you think this is a mistake.",
  vpnSignupBlocked: "Sign-ups through a VPN, proxy or Tor are not allowed. Turn it off and try again.",
  rewardNotOffered: "This reward is not offered in your country",
  notEnoughPoints: withArgs(
    "Not enough points: this reward costs {cost} points and you have {balance}",
    "cost",
    "balance",
  ),
  // Two-factor sign-in and sessions (docs/two-factor.md)
  mfaCodeFormat: "Enter the 6-digit code from your authenticator app or a recovery code",
  mfaCodeWrong: "This code is not correct. Check the time on your phone or use a recovery code.",
  mfaTokenInvalid: "Your sign-in has expired. Please enter your e-mail and password again.",
  mfaNotSetUp: "Start the two-factor setup first",
  mfaAlreadyEnabled: "Two-factor sign-in is already on",
  mfaNotEnabled: "Two-factor sign-in is not on",
  mfaDisabled: "Two-factor sign-in is off",
  mfaEnrolmentRequired: "Two-factor sign-in is required. Turn it on in your profile to continue.",
  mfaOwnerFirst: "Turn on two-factor sign-in for your own account first",
  signedOut: "You have been signed out.",
  sessionEnded: "The session has been signed out.",
  sessionsEnded: "Every session has been signed out.",
  // Answers of the server itself: a store refusing a value, a body it cannot read, a limit.
  recordExists: withArgs("A record with this {field} already exists", "field"),
  valueInUse: withArgs("This {field} is already in use", "field"),
  recordDuplicate: "This record already exists",
  recordReferenced: "This record is referenced by other records, or refers to one that does not exist",
  valueInvalid: "A value is not valid for its field",
  bodyNotJson: "The body is not JSON",
  bodyEmpty: "The body is empty: send a JSON object",
  bodyTooLarge: "The request body is too large",
  mediaTypeUnsupported: "Send the body as application/json",
  routeNotFound: withArgs("Route {method} {path} not found", "method", "path"),
  requestRefused: withArgs("The request was refused: {detail}", "detail"),
  webhookShape: "Expected a JSON body with an event, a uuid and the payload's resource id and type",
  viewLimit: withArgs("At most {n} views per list", "n"),
  viewSharedForbidden: "Only owners and admins may save or delete views shared with the team",
  rewardFormUnreadable: "Send the reward form as multipart/form-data",
  csvHeader: "The first line must be a header naming the columns: code, and optionally pin and expires",
  csvUnreadable: withArgs("The CSV cannot be read: {detail}", "detail"),
  viewNameTaken: withArgs('You already have a view named "{name}" for this list', "name"),
  sharedViewNameTaken: withArgs('A shared view named "{name}" already exists for this list', "name"),
  // The API's own checks of a request's shape (lists, filters, settings).
  idInvalid: "Not a valid id",
  idsInvalid: "ids must be a list of ids",
  oneOf: withArgs("{field} must be one of: {choices}", "field", "choices"),
  mustBe: withArgs("{field} must be {value}", "field", "value"),
  trueOrFalse: withArgs("{field} must be true or false", "field"),
  fieldRequired: withArgs("{field} is required", "field"),
  atMostCharacters: withArgs("At most {n} characters", "n"),
  between: withArgs("{field} must be {min} to {max}", "field", "min", "max"),
  atMostRecords: withArgs("At most {n} records at once", "n"),
  atMostRedeems: withArgs("At most {n} redeems at once", "n"),
  countryCodeFormat: "A two-letter country code",
  currencyCodeFormat: "A currency code of 3 capital letters, e.g. USD",
  unknownOutcome: "Unknown outcome",
  unknownAction: "Unknown action",
  userInfoTooLarge: withArgs("userInfo is larger than {n} characters", "n"),
  searchEmpty: "Type something to search for",
  toBeforeFrom: "to is before from",
  fromAfterTo: "from must not be after to",
  rangeTooLong: withArgs("A range covers at most {n} days", "n"),
  timeZoneInvalid: "tz must be an IANA time zone such as Europe/Berlin",
  csvRequired: "The CSV is required",
  csvTooLarge: "The file is too large (10 MB at most)",
  numberOrAny: "Must be a number, or null for any",
  approvalThresholdInvalid: "Must be a number of points, or null to need no approval",
  holdRulesMax: withArgs("At most {n} hold rules", "n"),
  amountInvalid: "Must be an amount, e.g. 5 or 2.50",
  twoDecimals: "At most 2 decimals",
  stateKeyEmpty: "A state key is empty",
  stateKeyTooLong: withArgs("A state key has at most {n} characters", "n"),
  stateValueTooLong: withArgs("A state value has at most {n} characters", "n"),
  stateKeysMax: withArgs("At most {n} state keys", "n"),
  viewNameRequired: "Give the view a name",
  redeemStatusChoice: "Status must be 0 (Pending), 1 (Sent), 2 (Rejected) or 3 (Processing)",
  redeemStatusSetChoice: "Status must be 0 (Pending), 1 (Sent) or 2 (Rejected)",
  messageTooLong: "The message is too long",
  // A field's message as the answer's own: "email: Wrong email format".
  fieldInvalid: withArgs("{field}: {message}", "field", "message"),
  csvTooManyRows: withArgs("The file has more than {n} rows: split it", "n"),
};

type Catalogue = typeof catalogue;
export type MessageCode = keyof Catalogue;
export const messages = catalogue as {
  [C in MessageCode]: Catalogue[C] extends string ? Message : Catalogue[C];
};

/** A message's code and arguments; what a client needs to say it in another language. */
export type MessageParts = { code: MessageCode; params?: Record<string, string | number> };

/** The English text of every code, with `{name}` where an argument goes. */
export const messageTemplates = Object.fromEntries(
  Object.entries(catalogue).map(([code, entry]) => [
    code,
    typeof entry === "string" ? entry : entry.template,
  ]),
) as Record<MessageCode, string>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Pattern = { code: MessageCode; names: readonly string[]; pattern: RegExp; fixedLength: number };

/**
 * The catalogue read backwards, built on the first description (not when a page or the server starts):
 * each plain text's code, and each text with arguments as a pattern, the most fixed words first, so
 * "Minimum 8 symbols" is min and not minimum, and "{field}: {message}" is tried last.
 */
let index: { codeOfText: Map<string, MessageCode>; patterns: Pattern[] } | undefined;
function messageIndex() {
  if (index) return index;
  const codeOfText = new Map<string, MessageCode>();
  const patterns: Pattern[] = [];
  for (const [name, entry] of Object.entries(catalogue)) {
    const code = name as MessageCode;
    if (typeof entry === "string") {
      if (!codeOfText.has(entry)) codeOfText.set(entry, code);
      continue;
    }
    const source = escapeRegExp(entry.template).replace(/\\\{\w+\\\}/g, "([\\s\\S]*?)");
    const fixedLength = entry.template.replace(/\{\w+\}/g, "").length;
    patterns.push({ code, names: entry.names, pattern: new RegExp(`^${source}$`), fixedLength });
  }
  patterns.sort((a, b) => b.fixedLength - a.fixedLength);
  index = { codeOfText, patterns };
  return index;
}

const asArgument = (value: string): string | number =>
  /^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/.test(value) ? Number(value.replaceAll(",", "")) : value;

/**
 * The code and arguments of a catalogued English text (a field error, a form's own check), or undefined
 * for a text that is not one. Numbers come back as numbers, for the client to format.
 */
export function describeMessage(text: string): MessageParts | undefined {
  const { codeOfText, patterns } = messageIndex();
  const code = codeOfText.get(text);
  if (code) return { code };
  for (const { code, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    return {
      code,
      params: Object.fromEntries(names.map((name, index) => [name, asArgument(match[index + 1] ?? "")])),
    };
  }
  return undefined;
}

export const messageCodes = Object.keys(catalogue) as [MessageCode, ...MessageCode[]];

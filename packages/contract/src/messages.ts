/**
 * Every validation and user-facing message, once. SPEC.md sections 5 and 8, as DECISIONS.md adjusts them.
 * Both the forms and the routes read these, so a 400 and a form show the same words.
 */
export const messages = {
  required: "Required field",
  min: (n: number) => `Minimum ${n} symbols`,
  max: (n: number) => `Maximum ${n} symbols`,
  wrongEmail: "Wrong email format",
  passwordMismatch: "Password and Confirm Password didn't match",
  acceptTerms: "You must accept the terms and conditions",
  passwordTooCommon: "This password is too common",

  loginIncorrect: "The login detail is incorrect",
  accountPending: "Your account waiting to be approved.",
  accountDisabled: "Your account has been disabled.",
  notFoundEmail: (email: string) => `The requested ${email} is not found`,
  resetTokenInvalid: "This reset link is invalid. Ask for a new one.",
  resetTokenUsed: "This reset link has already been used. Ask for a new one.",
  resetTokenExpired: "This reset link has expired. Ask for a new one.",
  resetDone: "Your password has been reset. You can sign in now.",
  resetFailed: "Your password could not be reset.",
  recoverSent: "We have sent a reset link to your e-mail address.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  unauthorized: "Please sign in again.",
  forbidden: "You are not allowed to do this.",
  ownerOnly: "Only the owner can do this.",
  cannotDisableSelf: "The owner cannot disable itself.",
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  validation: "Some fields are not valid",
  inviteCodeRequired: "Invite Code is required",
  provisionRequired: "Provision is required",
  creditRequired: "Credit is required",
  minimum: (n: number) => `Minimum ${n}`,
  maximum: (n: number) => `Maximum ${n}`,
  wholeNumber: "Must be a whole number",
  noIdsSelected: "Select at least one record",
  statusChoice: "Choose Banned (2) or Active (3)",
  referCodeTaken: "This Share Key is already used by another user",
} as const;

/** SPEC 8: the message shown for each failed action, keyed by action. */
export const actionErrors = {
  login: "The login detail is incorrect",
  register: "Your account waiting to be approved.",
  loadProfile: "Can't load profile",
  loadAdmins: "Can't find administrators",
  updateAdminState: "Can't update administrator",
  findCustomers: "Can't find customers",
  findCustomer: "Can't find customer",
  loadCustomerDetails: "Can't load customer details",
  createCustomer: "Can't create customer",
  updateCustomer: "Can't update customer",
  updateCustomersStatus: "Can't update customers status",
  findOffers: "Can't find offers",
  loadOfferDetails: "Can't load offer details",
} as const;

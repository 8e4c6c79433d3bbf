/** Screen paths that more than one feature links to (features do not import each other). */
export const paths = {
  customers: "/dash/customers",
  customerDetails: (id: string) => `/dash/customers/${encodeURIComponent(id)}/details`,
  offers: "/dash/offers",
  postbacks: "/dash/offers/postbacks",
  postbackDetails: (id: string) => `/dash/offers/postbacks/${encodeURIComponent(id)}/details`,
} as const;

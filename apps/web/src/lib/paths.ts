/** Screen paths that more than one feature links to (features do not import each other). */
export const paths = {
  customers: "/dash/customers",
  customerDetails: (id: string) => `/dash/customers/${encodeURIComponent(id)}/details`,
  offers: "/dash/offers",
} as const;

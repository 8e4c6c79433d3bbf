import { Navigate, type RouteObject } from "react-router";

const countries = "/dash/rewards/countries";

/**
 * The reward catalog's screens (SPEC 2.8 to 2.10), each loaded lazily, with their modals as child routes.
 * /dash/rewards (the menu entry) and /dash/rewards/rewards (a back-link target in SPEC) lead to the
 * countries.
 */
export const catalogRoutes: RouteObject[] = [
  {
    path: "dash/rewards",
    children: [
      { index: true, element: <Navigate to={countries} replace /> },
      { path: "rewards", element: <Navigate to={countries} replace /> },
      {
        path: "countries",
        lazy: async () => ({ Component: (await import("./countries")).CountriesRoute }),
        children: [
          {
            path: "new",
            lazy: async () => ({ Component: (await import("./country-form")).CountryNewRoute }),
          },
          {
            path: ":id/edit",
            lazy: async () => ({ Component: (await import("./country-form")).CountryEditRoute }),
          },
          {
            path: ":id/cancel",
            lazy: async () => ({ Component: (await import("./country-modals")).CountryCancelRoute }),
          },
          {
            path: ":id/details",
            lazy: async () => ({ Component: (await import("./country-modals")).CountryDetailsRoute }),
          },
          {
            path: "fetch",
            lazy: async () => ({ Component: (await import("./country-modals")).CountriesFetchRoute }),
          },
          {
            path: "deleteCountries",
            lazy: async () => ({ Component: (await import("./country-modals")).CountriesDeleteRoute }),
          },
          { path: "*", element: <Navigate to={countries} replace /> },
        ],
      },
      { path: "*", element: <Navigate to={countries} replace /> },
    ],
  },
  {
    path: "dash/countries/:countryId/add",
    lazy: async () => ({ Component: (await import("./rewards")).RewardsRoute }),
    children: [
      { path: "new", lazy: async () => ({ Component: (await import("./reward-modals")).RewardNewRoute }) },
      {
        path: ":id/edit",
        lazy: async () => ({ Component: (await import("./reward-modals")).RewardEditRoute }),
      },
      {
        path: ":id/cancel",
        lazy: async () => ({ Component: (await import("./reward-modals")).RewardCancelRoute }),
      },
      {
        path: "fetch",
        lazy: async () => ({ Component: (await import("./reward-modals")).RewardsFetchRoute }),
      },
      {
        path: "deleteRewards",
        lazy: async () => ({ Component: (await import("./reward-modals")).RewardsDeleteRoute }),
      },
    ],
  },
  {
    path: "dash/countries/rewards/:rewardId/add",
    lazy: async () => ({ Component: (await import("./reward-items")).RewardItemsRoute }),
    children: [
      {
        path: "new",
        lazy: async () => ({ Component: (await import("./reward-item-modals")).RewardItemNewRoute }),
      },
      {
        path: ":id/edit",
        lazy: async () => ({ Component: (await import("./reward-item-modals")).RewardItemEditRoute }),
      },
      {
        path: ":id/cancel",
        lazy: async () => ({ Component: (await import("./reward-item-modals")).RewardItemCancelRoute }),
      },
      {
        path: "fetch",
        lazy: async () => ({ Component: (await import("./reward-item-modals")).RewardItemsFetchRoute }),
      },
      {
        path: "deleteItems",
        lazy: async () => ({ Component: (await import("./reward-item-modals")).RewardItemsDeleteRoute }),
      },
    ],
  },
];

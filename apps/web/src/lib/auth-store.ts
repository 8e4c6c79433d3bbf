import type { Profile } from "@rewards/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";

type AuthState = {
  authToken: string | null;
  user: Profile | null;
  /** Sign-in and registration hand the token here; the profile is fetched afterwards. */
  setToken: (token: string) => void;
  setUser: (user: Profile) => void;
  logout: () => void;
};

export const authStorageKey = "rewards-auth";

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      authToken: null,
      user: null,
      setToken: (authToken) => set({ authToken, user: null }),
      setUser: (user) => set({ user }),
      logout: () => set({ authToken: null, user: null }),
    }),
    {
      name: authStorageKey,
      partialize: ({ authToken, user }) => ({ authToken, user }),
    },
  ),
);

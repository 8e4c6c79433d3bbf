import { notifications } from "@mantine/notifications";
import { act, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";

afterEach(() => act(() => notifications.clean()));

it("mounts the notifications' container with the first notification, and shows that one", async () => {
  renderWithProviders(<p>Sign in</p>);
  await screen.findByText("Sign in");
  // Nothing loaded for a page that shows no notification (the sign-in page's JavaScript budget).
  expect(document.querySelector(".mantine-Notifications-root")).toBeNull();
  act(() => {
    notifications.show({ message: "Saved before the container arrived" });
  });
  expect(await screen.findByText("Saved before the container arrived")).toBeInTheDocument();
  expect(document.querySelector(".mantine-Notifications-root")).not.toBeNull();
});

// Loaded on demand by the provider (NotificationsOnDemand): the container and its transitions.
export { Notifications } from "@mantine/notifications";

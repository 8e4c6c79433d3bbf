import { Anchor, Code, SimpleGrid, Table, Text } from "@mantine/core";
import type { AppUserDetails, CompletedOffer, DeviceRecord } from "@rewards/contract";
import { Link } from "react-router";
import { CountryFlag } from "../../../components/country-flag";
import { DetailField } from "../../../components/detail-field";
import { RiskBadge } from "../../../components/risk-badge";
import { OfferStatusBadge, UserStatusBadge, VerifiedBadge } from "../../../components/status-badges";
import { formatDateTime, formatUsd } from "../../../lib/format";
import { type I18nKey, t } from "../../../lib/i18n";
import { languageNames } from "../../../lib/language-names";
import { paths } from "../../../lib/paths";

export function DetailsSummary({ details }: { details: AppUserDetails }) {
  const none = t("common.none");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <DetailField label="appUsers.details.email">{details.username}</DetailField>
      <DetailField label="appUsers.details.shareKey">{details.referCode}</DetailField>
      <DetailField label="appUsers.details.credit">
        {t("holds.balance", { available: details.points, pending: details.pendingPoints })}
      </DetailField>
      <DetailField label="appUsers.details.status">
        <UserStatusBadge isActive={details.isActive} /> <VerifiedBadge verified={details.isVerfied} />{" "}
        <RiskBadge reasons={details.riskReasons} />
      </DetailField>
      <DetailField label="appUsers.details.ipOfSignup">{details.ipOfSignup ?? none}</DetailField>
      <DetailField label="appUsers.details.visitorId">{details.visitorId ?? none}</DetailField>
      <DetailField label="appUsers.details.networkSize">{details.usersReferedCount}</DetailField>
      <DetailField label="appUsers.details.networkRevenue">
        {t("appUsers.details.points", { count: details.sum })}
      </DetailField>
      <DetailField label="appUsers.details.referredBy">
        {details.referredBy ? (
          <Anchor component={Link} to={paths.appUsers.details(details.referredBy._id)} size="sm">
            {details.referredBy.username}
          </Anchor>
        ) : (
          none
        )}
      </DetailField>
      <DetailField label="appUsers.details.joined">{formatDateTime(details.createdAt)}</DetailField>
      <DetailField label="appUsers.details.language">
        {details.language ? languageNames[details.language] : t("appUsers.details.languageDefault")}
      </DetailField>
    </SimpleGrid>
  );
}

export function CompletedOffersTable({ offers }: { offers: CompletedOffer[] }) {
  if (offers.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("appUsers.details.noOffers")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("offers.column.date")}</Table.Th>
            <Table.Th>{t("offers.column.offer")}</Table.Th>
            <Table.Th>{t("offers.column.network")}</Table.Th>
            <Table.Th ta="right">{t("offers.column.payout")}</Table.Th>
            <Table.Th ta="right">{t("offers.column.points")}</Table.Th>
            <Table.Th>{t("offers.column.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offers.map((offer) => (
            <Table.Tr key={offer._id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(offer.date)}</Table.Td>
              <Table.Td>{offer.offerName}</Table.Td>
              <Table.Td>{offer.network.toUpperCase()}</Table.Td>
              <Table.Td ta="right">{formatUsd(offer.payout)}</Table.Td>
              <Table.Td ta="right">{offer.points}</Table.Td>
              <Table.Td>
                <OfferStatusBadge status={offer.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const deviceColumns: { key: keyof DeviceRecord; title: I18nKey }[] = [
  { key: "device_name", title: "devices.column.name" },
  { key: "osversion", title: "devices.column.osversion" },
  { key: "locale", title: "devices.column.locale" },
  { key: "resolution", title: "devices.column.resolution" },
  { key: "country_code", title: "devices.column.countryCode" },
  { key: "carrier_country", title: "devices.column.carrierCountry" },
  { key: "gaid", title: "devices.column.gaid" },
  { key: "androidId", title: "devices.column.androidId" },
  { key: "bssid", title: "devices.column.bssid" },
];

export function DevicesTable({ devices }: { devices: DeviceRecord[] }) {
  if (devices.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("appUsers.details.noDevices")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            {deviceColumns.map((column) => (
              <Table.Th key={column.key}>{t(column.title)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device._id}>
              {deviceColumns.map((column) => (
                <Table.Td key={column.key}>
                  {column.key === "country_code" && device.country_code ? (
                    <CountryFlag code={device.country_code} />
                  ) : (
                    (device[column.key] ?? t("common.none"))
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Fingerprint data as the app sent it, pretty-printed as raw structured text. */
export function UserInfoBlock({ userInfo }: { userInfo: AppUserDetails["userInfo"] }) {
  if (!userInfo)
    return (
      <Text c="dimmed" size="sm">
        {t("appUsers.details.noUserInfo")}
      </Text>
    );
  return (
    <Code
      block
      style={{ maxHeight: 320, overflow: "auto" }}
      tabIndex={0}
      role="region"
      aria-label={t("appUsers.details.userInfo")}
    >
      {JSON.stringify(userInfo, null, 2)}
    </Code>
  );
}

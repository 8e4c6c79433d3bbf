import { Alert, Box, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type MfaCodeBody, mfaCodeBodySchema } from "@rewards/contract";
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from "@tabler/icons-react";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import { CopyableCode } from "../../../components/copyable-code";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { MfaCodeField } from "../../../components/mfa-code-field";
import { ApiError } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { formResolver } from "../../../lib/form";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useEnableMfa, useMfaEnrolled, useSetupMfa } from "../api/mfa";

type MfaEnrolmentProps = {
  /** The recovery codes are saved: two-factor sign-in is on and the profile was refreshed. */
  onDone: () => void;
  /** The codes are on screen: they show once, so the dialog must not close by accident now. */
  onCodesShown?: () => void;
  onCancel?: () => void;
};

/**
 * Turning two-factor sign-in on: a new secret as a QR code and as text, confirmed by a first code from
 * the app; then the ten recovery codes, shown this once.
 */
export function MfaEnrolment({ onDone, onCodesShown, onCancel }: MfaEnrolmentProps) {
  const setup = useSetupMfa();
  const enable = useEnableMfa();
  const enrolled = useMfaEnrolled();
  const requested = useRef(false);

  // One secret per opening: a second request (React's development double effects) would replace it.
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    setup.mutate();
  }, [setup.mutate]);

  if (enable.data) {
    return (
      <RecoveryCodes
        codes={enable.data.recoveryCodes}
        onSaved={() => {
          enrolled();
          onDone();
        }}
      />
    );
  }
  if (setup.isError) return <LoadError action={t("mfa.setupFailed")} error={setup.error} />;
  if (!setup.data) return <LoadingBlock />;
  return (
    <ConfirmSecret
      secret={setup.data.secret}
      otpauthUrl={setup.data.otpauthUrl}
      onCancel={onCancel}
      onConfirm={(code, form) =>
        enable.mutate(
          { code },
          {
            onSuccess: () => onCodesShown?.(),
            onError: (error) => {
              if (error instanceof ApiError && error.status < 500) form.setFieldError("code", error.message);
              else showError(t("mfa.enableFailed"), error);
            },
          },
        )
      }
      pending={enable.isPending}
    />
  );
}

type CodeForm = { setFieldError: (field: "code", error: string) => void };

function ConfirmSecret({
  secret,
  otpauthUrl,
  pending,
  onConfirm,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  pending: boolean;
  onConfirm: (code: string, form: CodeForm) => void;
  onCancel?: () => void;
}) {
  const form = useForm<MfaCodeBody>({
    initialValues: { code: "" },
    validate: formResolver(mfaCodeBodySchema),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(({ code }) => onConfirm(code, form))}>
      <Stack gap="md">
        <Text size="sm">{t("mfa.enrol.scan")}</Text>
        <Group justify="center">
          {/* A white quiet zone around the code, also in dark mode: scanners need the contrast. */}
          <Box bg="white" p="xs" style={{ borderRadius: "var(--mantine-radius-md)", lineHeight: 0 }}>
            <QRCodeSVG value={otpauthUrl} size={184} level="M" role="img" aria-label={t("mfa.enrol.qr")} />
          </Box>
        </Group>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("mfa.enrol.manual")}
          </Text>
          <CopyableCode
            value={secret}
            copyLabel={t("mfa.enrol.copySecret")}
            copiedLabel={t("mfa.copied")}
            testId="mfa-secret"
          />
        </Stack>
        <MfaCodeField
          label={t("mfa.enrol.confirm")}
          description={t("mfa.enrol.confirmHint")}
          {...form.getInputProps("code")}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {t("mfa.enrol.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function recoveryCodesFile(codes: string[], username: string | undefined): string {
  const lines = [
    t("mfa.codes.fileTitle", { app: t("brand.admin"), account: username ?? "" }),
    t("mfa.codes.fileDate", { date: formatDateTime(new Date().toISOString()) }),
    t("mfa.codes.fileHint"),
    "",
    ...codes,
    "",
  ];
  return lines.join("\n");
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const username = useAuthStore((state) => state.user?.username);
  const [file] = useState(() => recoveryCodesFile(codes, username));
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconShieldCheck size={20} />} title={t("mfa.codes.title")}>
        {t("mfa.codes.text")}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" aria-label={t("mfa.codes.list")} role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="sm" ta="center" py={6} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join("\n")}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="sm"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t("mfa.copied") : t("mfa.codes.copy")}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          variant="light"
          size="sm"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="rewards-admin-recovery-codes.txt"
          leftSection={<IconDownload size={16} />}
        >
          {t("mfa.codes.download")}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onSaved}>{t("mfa.codes.saved")}</Button>
      </Group>
    </Stack>
  );
}

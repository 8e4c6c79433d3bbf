import { Badge, Card, Group, Select, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  isLanguage,
  type Language,
  type RewardMailTemplate,
  type RewardMailTemplateBody,
  rewardMailPlaceholder,
  rewardMailTemplateBodySchema,
  settingsEndpoints,
} from "@rewards/contract";
import { lazy, Suspense, useState } from "react";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { languageNames, languageOptions } from "../../../lib/language-names";
import { showSaveError } from "../../../lib/save-errors";
import { showError } from "../../../lib/show-error";
import { useResetRewardMail, useRewardMail, useSaveRewardMail } from "../api/reward-mail";
import { Loaded } from "./loaded";

// tiptap is large: it comes in its own chunk, after the rest of the tab is on screen.
const RichTextBody = lazy(() =>
  import("../../../components/rich-text-body").then((module) => ({ default: module.RichTextBody })),
);

type TemplateFormProps = {
  template: RewardMailTemplate;
  save: ReturnType<typeof useSaveRewardMail>;
  reset: ReturnType<typeof useResetRewardMail>;
  adminId: string;
};

/**
 * One language's template. Saving or resetting answers the template as it now is, which replaces this
 * form (the parent keys it by its version): hence the promises, whose callbacks run after that too.
 */
function TemplateForm({ template, save, reset, adminId }: TemplateFormProps) {
  const { language, custom } = template;
  const form = useForm<RewardMailTemplateBody>({
    initialValues: { subject: template.subject, body: template.body },
    validate: formResolver(rewardMailTemplateBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: RewardMailTemplateBody) =>
    save.mutateAsync({ adminId, language, body }).then(
      () => notifications.show({ color: "green", message: t("settings.saved") }),
      (error: unknown) => showSaveError(form, t("action.saveRewardMail"), error),
    );

  const restoreBuiltIn = () =>
    reset.mutateAsync({ adminId, language }).then(
      () =>
        notifications.show({
          color: "green",
          message: t("settings.rewardMail.resetDone", { language: languageNames[language] }),
        }),
      (error: unknown) => showError(t("action.resetRewardMail"), error),
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput label={t("settings.rewardMail.subject")} withAsterisk {...form.getInputProps("subject")} />
        <Suspense fallback={<Skeleton height={240} radius="md" />}>
          <RichTextBody
            label={t("settings.rewardMail.body")}
            initialValue={form.values.body ?? ""}
            onChange={(html) => form.setFieldValue("body", html)}
            error={typeof form.errors.body === "string" ? form.errors.body : undefined}
          />
        </Suspense>
        <Text size="xs" c="dimmed">
          {t("settings.rewardMail.hint", { placeholder: rewardMailPlaceholder })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <SubmitIfCan
            call={settingsEndpoints.resetRewardMail}
            type="button"
            variant="default"
            disabled={!custom}
            loading={reset.isPending}
            onClick={restoreBuiltIn}
          >
            {t("settings.rewardMail.reset")}
          </SubmitIfCan>
          <SubmitIfCan call={settingsEndpoints.saveRewardMail} loading={save.isPending}>
            {t("common.save")}
          </SubmitIfCan>
        </Group>
      </Stack>
    </form>
  );
}

function RewardMailEditor({ adminId, templates }: { adminId: string; templates: RewardMailTemplate[] }) {
  const [language, setLanguage] = useState<Language>(templates[0]?.language ?? "en");
  const save = useSaveRewardMail();
  const reset = useResetRewardMail();
  const template = templates.find((one) => one.language === language);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <Select
          label={t("settings.rewardMail.language")}
          allowDeselect={false}
          maw={240}
          data={languageOptions}
          value={language}
          onChange={(value) => {
            if (isLanguage(value)) setLanguage(value);
          }}
        />
        {template && (
          <Badge
            color={template.custom ? "green" : "gray"}
            variant="light"
            miw="max-content"
            mb={6}
            data-testid="reward-mail-kind"
          >
            {template.custom ? t("settings.rewardMail.custom") : t("settings.rewardMail.builtIn")}
          </Badge>
        )}
      </Group>
      {template && (
        // A new version (saved, reset) or another language starts the form, and its editor, afresh.
        <TemplateForm
          key={`${template.language}:${template.custom}:${template.updatedAt}`}
          adminId={adminId}
          template={template}
          save={save}
          reset={reset}
        />
      )}
    </Stack>
  );
}

/**
 * The gift-card e-mail a paid redeem sends, one per language: a user gets it in the language their app
 * sent, else in the General Config's. Each language uses its built-in text until the app saves its own.
 */
export function RewardMailCard({ adminId }: { adminId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" maw={720}>
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={600}>{t("settings.rewardMail.title")}</Text>
          <Text size="sm" c="dimmed">
            {t("settings.rewardMail.intro")}
          </Text>
        </Stack>
        <Loaded query={useRewardMail(adminId)} action={t("action.findRewardMail")}>
          {(data) => <RewardMailEditor adminId={adminId} templates={data.templates} />}
        </Loaded>
      </Stack>
    </Card>
  );
}

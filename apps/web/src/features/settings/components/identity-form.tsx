import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type AppSetting, type IdentityFields, identityFieldsSchema, messages } from "@rewards/contract";
import { useState } from "react";
import { formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveAppSetting } from "../api/app-setting";
import { FormActions } from "./form-actions";
import { ImagePicker } from "./image-picker";

type Images = { logo: File | null; favicon: File | null };
const textFields = ["appName", "moto", "domain", "sharingDomain", "endpoint"] as const;

/** The Identity tab: the app's name, motto, addresses, logo and favicon (required on create). */
export function IdentityForm({ setting }: { setting: AppSetting }) {
  const save = useSaveAppSetting();
  const [images, setImages] = useState<Images>({ logo: null, favicon: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<keyof Images, string>>>({});
  const form = useForm<IdentityFields>({
    initialValues: Object.fromEntries(textFields.map((name) => [name, setting[name]])) as IdentityFields,
    validate: formResolver(identityFieldsSchema),
    validateInputOnBlur: true,
  });

  const submit = (fields: IdentityFields) => {
    const missing = setting._id
      ? {}
      : Object.fromEntries(
          (["logo", "favicon"] as const)
            .filter((name) => !images[name])
            .map((name) => [name, translateMessage(messages.imageRequired)]),
        );
    setImageErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(
      { id: setting._id, fields, images },
      {
        onSuccess: () => {
          setImages({ logo: null, favicon: null });
          notifications.show({ color: "green", message: t("settings.saved") });
        },
        onError: (error) => {
          const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
          setImageErrors({ logo: fieldErrors.logo, favicon: fieldErrors.favicon });
          showSaveError(form, setting._id ? t("action.updateSetting") : t("action.createSetting"), error);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {textFields.map((name) => (
            <TextInput
              key={name}
              label={t(`settings.identity.${name}`)}
              withAsterisk
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
        {(["logo", "favicon"] as const).map((name) => (
          <ImagePicker
            key={name}
            label={t(`settings.identity.${name}`)}
            current={setting[name]}
            value={images[name]}
            error={imageErrors[name]}
            onChange={(file) => setImages((current) => ({ ...current, [name]: file }))}
          />
        ))}
        <FormActions saving={save.isPending} />
      </Stack>
    </form>
  );
}

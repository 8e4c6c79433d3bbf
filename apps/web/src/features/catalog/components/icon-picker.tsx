import { FileInput, Group, Image, Stack } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { t } from "../../../lib/i18n";

type IconPickerProps = {
  label: string;
  description?: string;
  /** The saved icon's address, shown until another file is chosen. */
  current: string | null;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  required?: boolean;
};

/**
 * A file picker with its 150x150 preview (decision 0015). The server checks the bytes; accept only
 * guides.
 */
export function IconPicker({
  label,
  description,
  current,
  value,
  onChange,
  error,
  required,
}: IconPickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  const shown = preview ?? current;

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap={4} style={{ flex: 1 }}>
        <FileInput
          label={label}
          description={description}
          accept="image/*"
          clearable
          withAsterisk={required}
          value={value}
          onChange={onChange}
          error={error}
        />
      </Stack>
      {shown && (
        <Image
          src={shown}
          alt={t("catalog.reward.preview")}
          w={150}
          h={150}
          fit="contain"
          radius="md"
          bd="1px solid var(--mantine-color-default-border)"
        />
      )}
    </Group>
  );
}

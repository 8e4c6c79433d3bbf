import { FileInput, Group, Image, Stack } from "@mantine/core";
import { useEffect, useState } from "react";

type ImagePickerProps = {
  label: string;
  /** The saved image's address, shown until another file is chosen. */
  current: string | null;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
};

const accepted = "image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon";

/**
 * A file picker with its 150x150 preview (decision 0015). The server checks the bytes; accept only
 * guides.
 */
export function ImagePicker({ label, current, value, onChange, error }: ImagePickerProps) {
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
          accept={accepted}
          clearable
          value={value}
          onChange={onChange}
          error={error}
        />
      </Stack>
      {shown && (
        <Image
          src={shown}
          alt={label}
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

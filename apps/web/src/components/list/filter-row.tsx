import { Checkbox, CloseButton, Flex, Group, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { t } from "../../lib/i18n";

/** The controls above a list. Each applies on change; the list state resets the page to 1. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      {children}
    </Group>
  );
}

/**
 * An on/off filter such as "Risky only". The inputs beside it have a label above them: a box as tall as
 * their fields, at the bottom of the row, keeps it level with them, and adds no gap once it wraps alone
 * onto a line of its own (phones).
 */
export function CheckboxFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Flex h={36} align="center" style={{ alignSelf: "flex-end" }}>
      <Checkbox label={label} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
    </Flex>
  );
}

type SearchFilterProps = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  /** An inline hint, e.g. when the text cannot be searched for as it is. */
  error?: ReactNode;
  delayMs?: number;
};

/** A search box that applies what is typed after a short pause (every keystroke would be a request). */
export function SearchFilter({
  value,
  onChange,
  label,
  placeholder,
  error,
  delayMs = 300,
}: SearchFilterProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const apply = useDebouncedCallback(onChange, delayMs);

  // The URL changed from elsewhere (Back, a link): show that, unless the user is still typing.
  if (value !== seenValue) {
    setSeenValue(value);
    if (!apply.isPending()) setText(value);
  }

  const change = (next: string) => {
    setText(next);
    apply(next);
  };

  return (
    <TextInput
      label={label ?? t("list.search")}
      placeholder={placeholder}
      value={text}
      error={error}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t("list.clearSearch")}
            onClick={() => {
              change("");
              apply.flush();
            }}
          />
        ) : null
      }
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") apply.flush();
      }}
      miw={220}
      style={{ flex: "1 1 220px" }}
    />
  );
}

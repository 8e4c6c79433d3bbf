import { Stack, Text, Title } from "@mantine/core";

type AuthFormHeaderProps = { title: string; text?: string };

export function AuthFormHeader({ title, text }: AuthFormHeaderProps) {
  return (
    <Stack gap={4} align="center" ta="center">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      )}
    </Stack>
  );
}

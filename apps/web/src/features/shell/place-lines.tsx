import { Group, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconSchool } from '@tabler/icons-react';

/** District and building, one per line (the phone's account menu and navigation drawer). */
export function PlaceLines({ clientName, buildingName }: { clientName: string | null; buildingName: string | null }) {
  return (
    <Stack gap={4} px="sm" py={6}>
      {clientName ? (
        <Group gap={6} wrap="nowrap">
          <IconBuildingCommunity size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{clientName}</Text>
        </Group>
      ) : null}
      {buildingName ? (
        <Group gap={6} wrap="nowrap">
          <IconSchool size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{buildingName}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

import { Alert, Button, Center, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconRefresh } from '@tabler/icons-react';
import { MESSAGES } from '@sv/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCamera } from './use-camera';
import { fileUrl } from './visitor-flow-api';
import './i18n.en';

export type PhotoChoice = { kind: 'new'; blob: Blob } | { kind: 'original'; fileId: string } | null;

/**
 * The photo modal (spec 002 §4 Photo modal, §5, §9): titled 'Picture Verification', or
 * 'Picture Re-Take' once saving without a required photo set the retake flag. The active view
 * starts at 'original' (the photo on file); the webcam attaches after 100 ms when a photo is
 * required (otherwise on request). A picture taken replaces the view with the new photo.
 */
export function PhotoModal(props: {
  opened: boolean;
  required: boolean;
  name: string;
  originalFileId: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (choice: PhotoChoice) => void;
  /** more fields of the dialog, shown under the photos (the student pickup's reason: spec 002 §4 Pickup) */
  children?: ReactNode;
  /** the save button's label when saving does more than keep the photo (default 'Save photo') */
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  const [retake, setRetake] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const { opened } = props;
  useEffect(() => {
    if (!opened) setRetake(false);
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={props.onCancel}
      title={retake ? MESSAGES.pictureRetake : MESSAGES.pictureVerification}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="xl"
      centered
      fullScreen={phone}
    >
      {opened ? <PhotoBody {...props} retake={retake} setRetake={setRetake} /> : null}
    </Modal>
  );
}

function PhotoBody(props: {
  retake: boolean;
  setRetake: (v: boolean) => void;
  required: boolean;
  name: string;
  originalFileId: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (choice: PhotoChoice) => void;
  children?: ReactNode;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'original' | 'new'>('original');
  const { retake, setRetake } = props;
  const [cameraWanted, setCameraWanted] = useState(props.required);
  const [captured, setCaptured] = useState<{ blob: Blob; url: string } | null>(null);
  const camera = useCamera(cameraWanted);

  useEffect(
    () => () => {
      if (captured) URL.revokeObjectURL(captured.url);
    },
    [captured],
  );

  const take = async () => {
    const blob = await camera.capture();
    if (!blob) return;
    setCaptured({ blob, url: URL.createObjectURL(blob) });
    setView('new');
  };

  const choice: PhotoChoice =
    view === 'new' && captured
      ? { kind: 'new', blob: captured.blob }
      : view === 'original' && props.originalFileId
        ? { kind: 'original', fileId: props.originalFileId }
        : null;

  const save = () => {
    if (!choice && props.required) {
      // spec 002 §4: saving without a required photo sets the retake flag
      setRetake(true);
      setCameraWanted(true);
      return;
    }
    props.onSave(choice);
  };

  const paneStyle = (active: boolean) => ({
    borderWidth: 2,
    borderColor: active ? 'var(--mantine-color-blue-6)' : undefined,
  });

  return (
    <Stack gap="sm">
      {retake && !choice ? (
        <Alert color="orange" variant="light" role="alert">
          {t('visitorFlow.photo.retakeNeeded', { name: props.name })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: props.originalFileId ? 2 : 1 }} spacing="sm">
        {props.originalFileId ? (
          <Paper withBorder radius="md" p="sm" style={paneStyle(view === 'original')} data-view="original">
            <Stack gap="xs" align="center">
              <Text size="sm" fw={600}>
                {t('visitorFlow.photo.original')}
              </Text>
              <Image
                src={fileUrl(props.originalFileId)}
                alt={t('visitorFlow.photo.originalAlt', { name: props.name })}
                h={240}
                w="100%"
                fit="contain"
                radius="sm"
              />
              <Button
                variant={view === 'original' ? 'light' : 'default'}
                size="xs"
                onClick={() => setView('original')}
                aria-pressed={view === 'original'}
              >
                {t('visitorFlow.photo.useOriginal')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Group gap="xs" c="dimmed">
            <IconPhoto size={18} aria-hidden />
            <Text size="sm">{t('visitorFlow.photo.noOriginal')}</Text>
          </Group>
        )}
        <Paper withBorder radius="md" p="sm" style={paneStyle(view === 'new' || !props.originalFileId)} data-view="new">
          <Stack gap="xs" align="center">
            <Text size="sm" fw={600}>
              {t('visitorFlow.photo.camera')}
            </Text>
            <Center
              h={240}
              w="100%"
              bg="var(--mantine-color-dark-7)"
              style={{ borderRadius: 4, overflow: 'hidden', position: 'relative' }}
            >
              {captured && view === 'new' ? (
                <Image
                  src={captured.url}
                  alt={t('visitorFlow.photo.capturedAlt', { name: props.name })}
                  h={240}
                  w="100%"
                  fit="contain"
                  data-testid="captured-photo"
                />
              ) : camera.status === 'live' ? (
                <video
                  ref={camera.videoRef}
                  muted
                  playsInline
                  aria-label={t('visitorFlow.photo.videoLabel')}
                  style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                />
              ) : camera.status === 'starting' ? (
                <Stack gap={4} align="center">
                  <Loader color="gray" size="sm" />
                  <Text size="sm" c="gray.3">
                    {t('visitorFlow.photo.starting')}
                  </Text>
                </Stack>
              ) : camera.status === 'failed' ? (
                <Text size="sm" c="red.2" ta="center" px="sm">
                  {t('visitorFlow.photo.cameraFailed')}
                </Text>
              ) : (
                <IconCamera size={40} aria-hidden color="var(--mantine-color-gray-5)" />
              )}
            </Center>
            {camera.status === 'idle' ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCamera size={14} aria-hidden />}
                onClick={() => setCameraWanted(true)}
              >
                {t('visitorFlow.photo.startCamera')}
              </Button>
            ) : captured && view === 'new' ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => {
                  setCaptured(null);
                  setView('original');
                }}
              >
                {t('visitorFlow.photo.retake')}
              </Button>
            ) : (
              <Button
                size="xs"
                leftSection={<IconCamera size={14} aria-hidden />}
                disabled={!camera.ready}
                onClick={() => void take()}
              >
                {t('visitorFlow.photo.capture')}
              </Button>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      {props.children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        {!props.required && !choice ? (
          <Button variant="light" onClick={() => props.onSave(null)} loading={props.saving}>
            {t('visitorFlow.photo.skip')}
          </Button>
        ) : null}
        <Button onClick={save} loading={props.saving} disabled={!props.required && !choice}>
          {props.saveLabel ?? t('visitorFlow.photo.save')}
        </Button>
      </Group>
    </Stack>
  );
}

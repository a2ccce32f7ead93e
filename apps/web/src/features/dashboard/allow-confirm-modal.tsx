import type { TPreRegistration } from '@sv/contracts';
import { Alert, Button, Image, List, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PhotoChoice, PhotoModal } from '../visitor-flow/photo-modal';
import { fullName } from './format';
import './i18n.en';
import { ConfirmDialog } from '../../components/confirm';

/**
 * ALLOW asks first (spec 002 §4 Pending visitor): confirming clears exactly the results listed here
 * (issue 10 §1: the server screens again and refuses anything the card did not show) and checks the
 * visitor in. When the building requires a photo and the card has none, the attendant takes it
 * here with the desk's photo modal (issue 22): the clearing and the check-in are one step on the
 * server, so without the photo nothing would be cleared.
 */
export function AllowConfirmModal(props: {
  card: TPreRegistration | null;
  /** the building requires a photo for this card's check-in and none is on the card */
  photoRequired: boolean;
  onCancel: () => void;
  onConfirm: (card: TPreRegistration, photo: PhotoChoice) => void;
}) {
  const { t } = useTranslation();
  const { card, onCancel, onConfirm, photoRequired } = props;
  const [photo, setPhoto] = useState<PhotoChoice>(null);
  const [photoOpen, setPhotoOpen] = useState(false);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const cardId = card?.id ?? null;
  // a new card starts without a photo
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per card
  useEffect(() => {
    setPhoto(null);
    setPhotoOpen(false);
  }, [cardId]);
  useEffect(() => {
    if (photo?.kind !== 'new') {
      setPhotoUrl(null);
      return;
    }
    const url = URL.createObjectURL(photo.blob);
    setPhotoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const name = card ? fullName(card.firstname, card.lastname) : '';
  const needsPhoto = photoRequired && !photo;
  return (
    <>
      <ConfirmDialog
        opened={card !== null && !photoOpen}
        title={t('dashboard.allowConfirm')}
        styles={{ title: { fontWeight: 700 } }}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('dashboard.allowConfirmOk')}
        confirmColor="teal.9"
        focusConfirm
        confirmDisabled={needsPhoto}
        onCancel={onCancel}
        onConfirm={() => card && onConfirm(card, photo)}
      >
        {card ? (
          <>
            <Text>{t('dashboard.allowConfirmBody', { name })}</Text>
            {card.issues.findings.length ? (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {t('dashboard.allowConfirmClears')}
                </Text>
                <List size="sm" spacing={2} data-testid="allow-findings">
                  {card.issues.findings.map((f) => (
                    <List.Item key={`${f.source}|${f.ref}`}>{f.label}</List.Item>
                  ))}
                </List>
              </Stack>
            ) : null}
            {photoRequired ? (
              <Alert color={photo ? 'teal' : 'orange'} variant="light" data-testid="allow-photo">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{photo ? t('dashboard.allowPhotoTaken') : t('dashboard.allowPhotoRequired')}</Text>
                  {photoUrl ? (
                    <Image src={photoUrl} alt={t('dashboard.allowPhotoAlt', { name })} h={96} w="auto" radius="sm" />
                  ) : null}
                  <Button
                    size="xs"
                    variant={photo ? 'default' : 'filled'}
                    leftSection={<IconCamera size={16} aria-hidden />}
                    onClick={() => setPhotoOpen(true)}
                  >
                    {photo ? t('dashboard.allowRetakePhoto') : t('dashboard.allowTakePhoto')}
                  </Button>
                </Stack>
              </Alert>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
      <PhotoModal
        opened={card !== null && photoOpen}
        required
        name={name}
        originalFileId={null}
        saving={false}
        saveLabel={t('dashboard.allowPhotoSave')}
        onCancel={() => setPhotoOpen(false)}
        onSave={(choice) => {
          if (choice) setPhoto(choice);
          setPhotoOpen(false);
        }}
      />
    </>
  );
}

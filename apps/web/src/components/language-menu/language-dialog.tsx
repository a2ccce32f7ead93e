import { Button, Modal, SimpleGrid } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import {
  directionOf,
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from '../../lib/i18n/languages';

/** The six languages as large touch targets (LanguageMenu opens it). */
export default function LanguageDialog({
  value,
  label,
  onChange,
  onClose,
}: {
  value: VisitorLanguage;
  label: string;
  onChange: (lng: VisitorLanguage) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      size="lg"
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 20 }}>
          <IconLanguage size={24} aria-hidden />
          {label}
        </span>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {VISITOR_LANGUAGES.map((lng) => (
          <Button
            key={lng}
            lang={LANGUAGE_TAGS[lng]}
            dir={directionOf(lng)}
            size="xl"
            fz={22}
            h={72}
            variant={lng === value ? 'filled' : 'default'}
            aria-current={lng === value || undefined}
            rightSection={lng === value ? <IconCheck size={20} aria-hidden /> : null}
            onClick={() => onChange(lng)}
            data-autofocus={lng === value || undefined}
          >
            {LANGUAGE_NAMES[lng]}
          </Button>
        ))}
      </SimpleGrid>
    </Modal>
  );
}

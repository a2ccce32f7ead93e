import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, type VisitorLanguage } from '../../lib/i18n/languages';

// the chooser loads on first use: the kiosk's first screen stays within its JavaScript budget (issue 29)
const loadDialog = () => import('./language-dialog');
const LanguageDialog = lazy(loadDialog);

/**
 * The one language chooser of the visitor-facing screens (issue 29 §1): the kiosk, the public
 * registration form, the arrival page. A button with the language symbol and the current language
 * in its own name opens the six as large buttons, each written in its own language and script (a
 * visitor who reads no English looks for their own word, never a translation of it).
 */
export function LanguageMenu({
  value,
  onChange,
  label,
  size = 'lg',
  testId,
}: {
  value: VisitorLanguage;
  onChange: (lng: VisitorLanguage) => void;
  /** the control's name for screen readers, in the current language ("Language") */
  label: string;
  size?: ButtonProps['size'];
  testId?: string;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size={size}
        radius="xl"
        leftSection={<IconLanguage size={22} aria-hidden />}
        aria-label={`${label}: ${LANGUAGE_NAMES[value]}`}
        aria-haspopup="dialog"
        data-testid={testId}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpened(true)}
      >
        <span lang={LANGUAGE_TAGS[value]}>{LANGUAGE_NAMES[value]}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageDialog
            value={value}
            label={label}
            onClose={() => setOpened(false)}
            onChange={(lng) => {
              setOpened(false);
              onChange(lng);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

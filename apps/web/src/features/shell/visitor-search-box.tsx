import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The top navigation's visitor search (spec 000 §2): Enter opens /visitors/search/{text}, whose
 * screen sends the text to the server in a request body. Blank text does nothing (spec 002 §5).
 */
export function VisitorSearchBox(props: { onSearched?: () => void; w?: TextInputProps['w'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <search aria-label={t('shell.visitorSearch')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const term = text.trim();
          if (!term) return;
          navigate(paths.visitorSearch(term));
          setText('');
          props.onSearched?.();
        }}
      >
        <TextInput
          aria-label={t('shell.visitorSearch')}
          placeholder={t('shell.visitorSearchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autoComplete="off"
          size="sm"
          w={props.w}
          data-testid="header-visitor-search"
        />
      </form>
    </search>
  );
}

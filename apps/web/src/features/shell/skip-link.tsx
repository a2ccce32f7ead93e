import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

/** First focusable element of every shell: jumps keyboard and screen-reader users past the header. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className={classes.skipLink}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}

import { type TPublicForm, type TPublicSubmission, ZPublicSubmission } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Image,
  Input,
  NativeSelect,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageIn } from '../../lib/i18n/server-messages';
import { loadLanguage } from '../../lib/i18n';
import { directionOf, LANGUAGE_TAGS, type VisitorLanguage, visitorLanguageOf } from '../../lib/i18n/languages';
import { LanguageMenu } from '../../components/language-menu';
import { useDistrictWording } from '../../lib/i18n/district-wording';
import { useParams, useSearchParams } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiError } from '../../lib/api-client';
import { submitRegistration, usePublicForm } from './public-registration-api';
import { formatCalendarDate, parseUsDate, todayIso } from '../../lib/time/format';
import { maskUsDate } from '../../lib/time/fields';
import { Splash } from '../../app/guards';
import { SignaturePad } from './signature-pad';
import './i18n.en';

type Values = {
  firstname: string;
  middlename: string;
  lastname: string;
  /** as typed, mm/dd/yyyy */
  dob: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipcode: string;
  email: string;
  phone: string;
  answers: Record<string, string>;
  photo: string | null;
  signatureKind: 'typed' | 'drawn';
  typedSignature: string;
  drawnSignature: string | null;
  agreed: boolean;
  website: string;
};

const MAX_PHOTO_PX = 1600;

/**
 * A phone photo (often 5–12 MB) scaled to ≤ 1600 px JPEG before upload; the server re-encodes it
 * anyway. Null when the browser cannot draw it: every browser draws JPEG, PNG and WebP, the only
 * photos the server takes, so such a file is not a photo we can use (issue 25, audit 001 U16: a
 * text file named .jpg showed a broken preview until the server refused it at submit).
 */
async function photoDataUrl(file: File): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_PHOTO_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/**
 * The public registration form (issue 11): outside the signed-in shell, no session, phone-first
 * (one column at 375 px), in the registration type's language (English or Spanish). Nothing is
 * kept in browser storage; the invitation token comes from the personal link's query.
 */
export default function PublicRegistrationPage() {
  const { clientId = '', code = '' } = useParams();
  const [search] = useSearchParams();
  const invitation = search.get('invitation');
  const form = usePublicForm(clientId, code, invitation);
  // the registration type's language (spec 001 §3 regLanguageType), else the phone's; the visitor
  // may choose any of the six (issue 29 §1), and the choice holds for the rest of the form
  const [chosen, setChosen] = useState<VisitorLanguage | null>(null);
  const browserLang = visitorLanguageOf(typeof navigator !== 'undefined' ? navigator.language : 'en');
  const lang: VisitorLanguage = chosen ?? form.data?.language ?? browserLang;
  const { t } = useTranslation(undefined, { lng: lang });
  // the district's own wording of the form in that language (issue 29 §1)
  useDistrictWording(Number(clientId) || null, lang);

  useEffect(() => {
    void loadLanguage(lang).catch(() => undefined);
    const before = { lang: document.documentElement.lang, dir: document.documentElement.dir };
    document.documentElement.lang = LANGUAGE_TAGS[lang];
    document.documentElement.dir = directionOf(lang);
    return () => {
      document.documentElement.lang = before.lang;
      document.documentElement.dir = before.dir;
    };
  }, [lang]);
  useEffect(() => {
    if (form.data) document.title = `${form.data.registrationType} - ${t('publicRegistration.pageTitle')}`;
  }, [form.data, t]);

  let body: ReactNode;
  if (form.isPending) {
    // the visitor/volunteer layout's splash screen (spec 000 §2) while its form loads
    return <Splash label={t('publicRegistration.loading')} />;
  } else if (form.isError) {
    const e = form.error;
    const message =
      e instanceof ApiError && e.status === 429
        ? t('publicRegistration.rateLimited')
        : e instanceof ApiError && e.status === 404
          ? // the server says which: the form (address) or the invitation link
            invitation && e.message.startsWith('This invitation')
            ? t('publicRegistration.invalidLink')
            : t('publicRegistration.notFound')
          : t('publicRegistration.failed');
    body = (
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
    );
  } else {
    body = <RegistrationForm form={form.data} clientId={clientId} code={code} invitation={invitation} lang={lang} />;
  }

  return (
    <Box bg="gray.0" mih="100dvh">
      {/* the page's one main landmark (axe landmark-one-main, region) */}
      <Container component="main" size={640} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        <Group justify="flex-end" mb="sm">
          <LanguageMenu
            value={lang}
            onChange={setChosen}
            label={t('publicRegistration.language')}
            size="md"
            testId="public-language"
          />
        </Group>
        {body}
      </Container>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Which field a contract issue belongs to, for the localized message. */
const FIELD_OF: Record<string, string> = { signature: 'signature' };

function RegistrationForm(props: {
  form: TPublicForm;
  clientId: string;
  code: string;
  invitation: string | null;
  lang: VisitorLanguage;
}) {
  const { form: def, lang } = props;
  const { t } = useTranslation(undefined, { lng: lang });
  const e = (key: string) => t(`publicRegistration.errors.${key}`);
  const f = (key: string) => t(`publicRegistration.field.${key}`);
  const [banner, setBanner] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // issue 25 (audit 001 U15): after Submit at the bottom of a phone's page the banner was off-screen.
  // The first field marked in red is brought into view and focused; without one, the banner is.
  useEffect(() => {
    if (!banner) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = first ?? bannerRef.current;
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [banner]);

  const toBody = (v: Values): TPublicSubmission => ({
    invitation: props.invitation,
    firstname: v.firstname,
    middlename: v.middlename,
    lastname: v.lastname,
    dob: parseUsDate(v.dob) ?? '',
    street1: v.street1,
    street2: v.street2,
    city: v.city,
    state: v.state,
    zipcode: v.zipcode,
    email: v.email,
    phone: v.phone,
    answers: def.questions.map((q) => ({ name: q.name, value: v.answers[q.name] ?? '' })).filter((a) => a.value),
    photo: v.photo,
    signature: {
      kind: v.signatureKind,
      value: v.signatureKind === 'typed' ? v.typedSignature : (v.drawnSignature ?? ''),
    },
    agreed: v.agreed as true,
    website: v.website,
  });

  const form = useContractForm(ZPublicSubmission, {
    // the "correct the fields" banner goes once the person edits again
    onValuesChange: () => setBanner(null),
    initialValues: {
      firstname: def.prefill?.firstname ?? '',
      // a renewal link (ADR 0038) brings the registration on file; never the date of birth
      middlename: def.prefill?.middlename ?? '',
      lastname: def.prefill?.lastname ?? '',
      dob: '',
      street1: def.prefill?.street1 ?? '',
      street2: def.prefill?.street2 ?? '',
      city: def.prefill?.city ?? '',
      state: def.prefill?.state ?? '',
      zipcode: def.prefill?.zipcode ?? '',
      email: def.prefill?.email ?? '',
      phone: def.prefill?.phone ?? '',
      answers: Object.fromEntries((def.prefill?.answers ?? []).map((a) => [a.name, a.value])),
      photo: null,
      signatureKind: 'typed',
      typedSignature: '',
      drawnSignature: null,
      agreed: false,
      website: '',
    },
    // the same contract the server validates with, on the body the form sends; the messages in
    // the form's language
    toRequest: toBody,
    field: (path) => FIELD_OF[String(path[0])] ?? String(path[0]),
    message: (key, issue) => {
      // issue 22 / issue 23 §5: a name the person-name rule refuses says why, in the form's language
      if (issue.message === PERSON_NAME_MESSAGES.characters) return e('nameCharacters');
      if (issue.message === PERSON_NAME_MESSAGES.noLetters) return e('nameNoLetters');
      return e(key === 'dob' ? 'dob' : key) || e('required');
    },
    rules: (v, found) => {
      const iso = parseUsDate(v.dob);
      return {
        dob: iso && iso >= todayIso() ? e('dobFuture') : undefined,
        // the signature's finding shows on the field the person signs in
        [v.signatureKind === 'typed' ? 'typedSignature' : 'drawnSignature']: found.signature,
      };
    },
  });

  async function choosePhoto(file: File | undefined) {
    form.clearFieldError('photo');
    if (!file) return;
    // spec 001 §5: a photo over 10 MB is refused and cleared
    if (file.size > def.photoMaxBytes) {
      form.setFieldValue('photo', null);
      form.setFieldError('photo', e('photoTooLarge'));
      return;
    }
    if (!file.type.startsWith('image/')) {
      form.setFieldValue('photo', null);
      form.setFieldError('photo', e('photoType'));
      return;
    }
    const photo = await photoDataUrl(file);
    form.setFieldValue('photo', photo);
    if (!photo) form.setFieldError('photo', e('photoType'));
  }

  const submit = form.onSubmit(
    async (v) => {
      setBanner(null);
      setBusy(true);
      try {
        const res = await submitRegistration(props.clientId, props.code, toBody(v));
        setReference(res.reference);
        top.current?.scrollIntoView({ block: 'start' });
      } catch (err) {
        if (err instanceof ApiError && err.status === 429) setBanner(t('publicRegistration.rateLimited'));
        else if (err instanceof ApiError && err.status === 404) setBanner(t('publicRegistration.invalidLink'));
        else if (err instanceof ApiError && err.status === 413) form.setFieldError('photo', e('photoTooLarge'));
        else if (err instanceof ApiError && err.status === 400) {
          const keys = Object.keys(err.fieldErrors);
          for (const k of keys) {
            const localized = t(`publicRegistration.errors.${k}`, { defaultValue: '' });
            // the server's sentence in the form's language (issue 25, audit 002 U5)
            const sent = err.fieldErrors[k]?.[0];
            form.setFieldError(k, localized || (sent ? serverMessageIn(lang, sent, e('invalid')) : e('required')));
          }
          if (keys.includes('signature')) {
            form.setFieldError(v.signatureKind === 'typed' ? 'typedSignature' : 'drawnSignature', e('signature'));
          }
          setBanner(t('publicRegistration.fixErrors'));
        } else setBanner(t('publicRegistration.failed'));
      } finally {
        setBusy(false);
      }
    },
    () => setBanner(t('publicRegistration.fixErrors')),
  );

  if (reference) {
    return (
      <div ref={top}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" aria-live="polite">
            <Text size="sm" c="dimmed" fw={500}>
              {def.clientName}
            </Text>
            <Title order={1} size="h3">
              {t('publicRegistration.done.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('publicRegistration.done.reference')}
            </Text>
            <Text fw={700} fz={28} data-testid="registration-reference">
              {reference}
            </Text>
            <Text>{t('publicRegistration.done.next')}</Text>
          </Stack>
        </Paper>
      </div>
    );
  }

  const v = form.values;
  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="md" ref={top}>
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {def.clientName}
          </Text>
          <Title order={1} size="h2">
            {t('publicRegistration.heading', { type: def.registrationType })}
          </Title>
          <Text size="sm" mt={4}>
            {t('publicRegistration.intro', { district: def.clientName })}
          </Text>
          {def.renewal ? (
            <Alert color="blue" variant="light" mt="sm" data-testid="renewal-note">
              {t(def.renewal.hasPhoto ? 'publicRegistration.renewalWithPhoto' : 'publicRegistration.renewal', {
                date: formatCalendarDate(def.renewal.expDate) ?? '',
              })}
            </Alert>
          ) : null}
        </div>
        {banner ? (
          <Alert color="red" variant="light" role="alert" ref={bannerRef} tabIndex={-1}>
            {banner}
          </Alert>
        ) : null}

        <Section title={t('publicRegistration.section.about')}>
          <TextInput
            label={f('firstname')}
            withAsterisk
            autoComplete="given-name"
            {...form.getInputProps('firstname')}
          />
          <TextInput label={f('middlename')} autoComplete="additional-name" {...form.getInputProps('middlename')} />
          <TextInput
            label={f('lastname')}
            withAsterisk
            autoComplete="family-name"
            {...form.getInputProps('lastname')}
          />
          <TextInput
            label={f('dob')}
            description={f('dobHint')}
            placeholder={f('dobHint')}
            withAsterisk
            inputMode="numeric"
            autoComplete="bday"
            maxLength={10}
            {...form.getInputProps('dob')}
            onChange={(ev) => form.setFieldValue('dob', maskUsDate(ev.currentTarget.value))}
            onBlur={() => {
              // spec 001 §5: a future date clears the field and blocks saving
              const iso = parseUsDate(v.dob);
              if (iso && iso >= todayIso()) {
                form.setFieldValue('dob', '');
                form.setFieldError('dob', e('dobFuture'));
              }
            }}
          />
        </Section>

        <Section title={t('publicRegistration.section.address')}>
          <TextInput
            label={f('street1')}
            withAsterisk
            autoComplete="address-line1"
            {...form.getInputProps('street1')}
          />
          <TextInput label={f('street2')} autoComplete="address-line2" {...form.getInputProps('street2')} />
          <TextInput label={f('city')} withAsterisk autoComplete="address-level2" {...form.getInputProps('city')} />
          <SimpleGrid cols={2} spacing="sm">
            <NativeSelect
              label={f('state')}
              withAsterisk
              autoComplete="address-level1"
              data={[
                { value: '', label: f('statePlaceholder') },
                ...def.states.map((s) => ({ value: s.abbreviation, label: s.name })),
              ]}
              {...form.getInputProps('state')}
            />
            <TextInput
              label={f('zipcode')}
              withAsterisk
              inputMode="numeric"
              autoComplete="postal-code"
              {...form.getInputProps('zipcode')}
              // the digits are kept first, then five of them (issue 25, audit 001 U11: a maxLength of 5
              // cut '12a345-678' to '1234' before the non-digits were dropped)
              onChange={(ev) => form.setFieldValue('zipcode', ev.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('publicRegistration.section.contact')}>
          <TextInput
            label={f('email')}
            withAsterisk
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput label={f('phone')} withAsterisk type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        </Section>

        <Section title={t('publicRegistration.section.photo')}>
          <Input.Wrapper label={f('photo')} description={f('photoHint')} error={form.errors.photo}>
            <Stack gap="xs" mt={6}>
              {v.photo ? <Image src={v.photo} alt={f('photoAlt')} w={140} h={140} fit="cover" radius="md" /> : null}
              <input
                ref={photoInput}
                type="file"
                accept="image/*"
                capture="user"
                aria-label={f('photo')}
                style={{ display: 'none' }}
                onChange={(ev) => {
                  void choosePhoto(ev.currentTarget.files?.[0]);
                  ev.currentTarget.value = '';
                }}
              />
              <Group gap="xs">
                <Button variant="light" onClick={() => photoInput.current?.click()}>
                  {v.photo ? f('photoChange') : f('photoChoose')}
                </Button>
                {v.photo ? (
                  <Button variant="subtle" color="gray" onClick={() => form.setFieldValue('photo', null)}>
                    {f('photoRemove')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Input.Wrapper>
        </Section>

        {def.questions.length > 0 ? (
          <Section title={t('publicRegistration.section.questions')}>
            {def.questions.map((q) => (
              <TextInput
                key={q.name}
                label={q.name}
                description={q.hint || undefined}
                value={v.answers[q.name] ?? ''}
                maxLength={500}
                onChange={(ev) => form.setFieldValue(`answers.${q.name}`, ev.currentTarget.value)}
              />
            ))}
          </Section>
        ) : null}

        <Section title={t('publicRegistration.section.consent')}>
          <ConsentText label={f('disclosure')} text={def.disclosureText} />
          <ConsentText label={f('authorization')} text={def.authorizationText} />
          <Checkbox label={f('agree')} {...form.getInputProps('agreed', { type: 'checkbox' })} />
        </Section>

        <Section title={t('publicRegistration.section.signature')}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="signature-kind">
              {f('signatureKind')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="signature-kind"
              // a longer language ("Desenhar minha assinatura") wraps on a phone instead of running off it
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
              data={[
                { value: 'typed', label: f('typed') },
                { value: 'drawn', label: f('drawn') },
              ]}
              value={v.signatureKind}
              onChange={(k) => form.setFieldValue('signatureKind', k as Values['signatureKind'])}
            />
          </Stack>
          {v.signatureKind === 'typed' ? (
            <TextInput
              label={f('typedLabel')}
              withAsterisk
              autoComplete="name"
              styles={{ input: { fontFamily: '"Brush Script MT", "Segoe Script", cursive', fontSize: 22, height: 48 } }}
              {...form.getInputProps('typedSignature')}
            />
          ) : (
            <SignaturePad
              label={f('drawnLabel')}
              clearLabel={f('clearSignature')}
              error={form.errors.drawnSignature as string | undefined}
              onChange={(d) => form.setFieldValue('drawnSignature', d)}
            />
          )}
        </Section>

        {/* honeypot (issue 11): invisible to people and screen readers, filled in by robots */}
        <div
          aria-hidden="true"
          // off the start edge (issue 29: in Arabic, left of an RTL page would scroll sideways)
          style={{ position: 'absolute', insetInlineStart: -10_000, width: 1, height: 1, overflow: 'hidden' }}
        >
          <label htmlFor="pr-website">{f('website')}</label>
          <input
            id="pr-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={v.website}
            onChange={(ev) => form.setFieldValue('website', ev.currentTarget.value)}
          />
        </div>

        <Button type="submit" size="md" fullWidth loading={busy}>
          {busy ? t('publicRegistration.submitting') : t('publicRegistration.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function ConsentText({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <ScrollArea.Autosize
        mah={220}
        type="auto"
        offsetScrollbars
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        <Text size="sm" p="sm" style={{ whiteSpace: 'pre-line' }} tabIndex={0} aria-label={label}>
          {text}
        </Text>
      </ScrollArea.Autosize>
    </Stack>
  );
}
